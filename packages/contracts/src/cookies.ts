/**
 * The web app's cookies. The spec (section 9) names the first three; the web server's page cache reads them too
 * (a session or a basket makes a page the visitor's own).
 */
export const COOKIE = {
  language: "language",
  cookieConsent: "cookie_consent_accepted",
  tracking: "custom-tracking",
  /** The web session: the API's tokens, httpOnly (decision 0021). */
  session: "termin_session",
  /** The basket's entries, httpOnly (decision 0026). */
  basket: "termin_basket",
  /** For one page load after a form's answers were sent: that page thanks the client once, httpOnly. */
  formSent: "termin_form_sent",
} as const;
