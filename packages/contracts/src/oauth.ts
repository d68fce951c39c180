/**
 * The OAuth code flow's shared words (decision 0036): the scopes, and the authorize page's steps as the API
 * answers them (POST /auth/authorizations).
 */
export const OAUTH_SCOPES = ["profile", "appointments"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** What the authorize page does next. */
export type AuthorizeOutcome =
  | { action: "redirect"; location: string }
  | { action: "sign_in"; client: { id: string; name: string } }
  | { action: "consent"; client: { id: string; name: string }; scopes: OAuthScope[] };
