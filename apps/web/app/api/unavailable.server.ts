/** How long a page that could not be made asks browsers and crawlers to wait (the API's own Retry-After for it). */
export const PAGE_RETRY_AFTER_SECONDS = "2";

/**
 * The page's own 503 for an API that answered 503 (its database is away, or it is restarting): a thrown route
 * answer, so whatever loader or action met it, the visitor gets the "briefly unavailable" page in their language
 * (entry.server.tsx adds Retry-After), never a 500 and never a form pretending the input was wrong.
 */
export function serviceUnavailable(): Response {
  return new Response(null, { status: 503 });
}

/** Whether a loader met the API's 503 (then nothing it would do on a refusal, such as signing out, applies). */
export function isServiceUnavailable(error: unknown): error is Response {
  return error instanceof Response && error.status === 503;
}

/** `fetch` for the server's API client: a 503 from the API stops the page with the page's own 503. */
export function failOnUnavailable(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status !== 503) return response;
    await response.body?.cancel();
    throw serviceUnavailable();
  };
}
