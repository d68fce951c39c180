/**
 * The app's own requests for page data after the first page (React Router's `.data` answers) carry each route's
 * outcome inside the answer: a form's 422, a time taken (409), a page not found (404) are what the page then shows,
 * not failed loads. Sent with their own status, the browser logs each as "Failed to load resource" in the console.
 * So such an answer goes out as 200, its status kept in the payload and in `X-Termin-Status` (for logs and tests).
 * A document keeps its true status (search engines, no-JavaScript visitors); a server fault (5xx) stays one, and
 * an answer React Router did not make (no `X-Remix-Response`) is left as it is.
 */
export const REFUSAL_STATUS_HEADER = "X-Termin-Status";

export function asExpectedRefusal(response: Response): Response {
  if (response.status < 400 || response.status >= 500 || !response.headers.has("X-Remix-Response")) return response;
  const headers = new Headers(response.headers);
  headers.set(REFUSAL_STATUS_HEADER, String(response.status));
  return new Response(response.body, { status: 200, headers });
}
