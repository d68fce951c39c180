/** Short-lived access tokens limit what a stolen one is worth; refresh tokens keep a device signed in. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
