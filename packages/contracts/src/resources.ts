import type { ResourceObject } from "./jsonapi.ts";

/** `appointment-statuses` (spec section 3): name and order_index. */
export interface AppointmentStatusAttributes {
  name: string;
  order_index: number;
}
export type AppointmentStatusResource = ResourceObject<"appointment-statuses", AppointmentStatusAttributes>;

/** One block of a content page: a heading or a paragraph, so clients render pages without HTML injection. */
export interface ContentBlock {
  type: "heading" | "paragraph";
  text: string;
}

/** `pages` (spec section 2: content pages fetched by page id), served in the requested language. */
export interface PageAttributes {
  language: string;
  title: string;
  summary: string;
  blocks: ContentBlock[];
  updated_at: string;
}
export type PageResource = ResourceObject<"pages", PageAttributes>;
