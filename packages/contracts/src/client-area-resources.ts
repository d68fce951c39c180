import type { CollectionDocument, ResourceObject } from "./jsonapi.ts";

/**
 * `notifications`: what businesses and the app sent a signed-in client, newest first. `action_url` is a path
 * inside the app without a language ("/forms", "/location/studio-lozenets"), as in a push payload's
 * data.action_url (spec section 3); the app opens it when the notification is.
 */
export interface NotificationAttributes {
  title: string;
  body: string;
  /**
   * The language title and body are written in (a notice of the app's); null for a message a business wrote, kept
   * as written in a language nobody recorded.
   */
  language: string | null;
  /** The names (places, businesses, services, the app) title and body contain as they are, not to be translated. */
  names: string[];
  action_url: string | null;
  read: boolean;
  created_at: string;
}
export type NotificationResource = ResourceObject<"notifications", NotificationAttributes>;

/** The notification list also tells how many of the client's notifications are unread, whatever the page. */
export type NotificationCollectionDocument = CollectionDocument<NotificationResource> & {
  meta: CollectionDocument<NotificationResource>["meta"] & { unread_count: number };
};

/**
 * `user-locations`: a location the client saved (My locations). Its id is the location's id: a client saves a
 * location once. Relationship: location (`locations`).
 */
export interface UserLocationAttributes {
  created_at: string;
}
export type UserLocationResource = ResourceObject<"user-locations", UserLocationAttributes>;

/** `likes`: the client's like of a Look Book picture or video. Its id is the media id. Relationship: media. */
export interface LikeAttributes {
  created_at: string;
}
export type LikeResource = ResourceObject<"likes", LikeAttributes>;
