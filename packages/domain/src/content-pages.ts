/** Content pages the app fetches by page id (spec section 2: pages/privacy-policy, pages/terms, pages/cookies, pages/contacts). */
export const CONTENT_PAGE_IDS = ["privacy-policy", "terms", "cookies", "contacts"] as const;

export type ContentPageId = (typeof CONTENT_PAGE_IDS)[number];

export function isContentPageId(value: unknown): value is ContentPageId {
  return typeof value === "string" && (CONTENT_PAGE_IDS as readonly string[]).includes(value);
}
