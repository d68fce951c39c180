import type { Viewer } from "../lib/start-up.server.ts";

/** The signed-in client's own parts of a marketplace page (GET /{lang}/personal, decision 0031). */
export interface PersonalData {
  viewer: Viewer;
  unreadNotifications: number;
  /** Of the locations asked about, those the client saved. */
  savedLocationIds: string[];
  /** Of the Look Book media asked about, those the client liked. */
  likedMediaIds: string[];
}

/** What GET /{lang}/personal answers: the client's own parts, or that nobody is signed in (a visitor, a lapsed session). */
export type PersonalAnswer = PersonalData | { signedOut: true };

/** The query parameters naming the ids asked about, comma-separated (numeric ids; at most MAX_PAGE_SIZE each). */
export const PERSONAL_QUERY = { locations: "locations", media: "media" } as const;
