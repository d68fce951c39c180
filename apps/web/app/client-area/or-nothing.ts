/**
 * What a public page shows of the client's own things; if the API fails, the page still renders, as for a
 * visitor (logged, never thrown). An ask aborted because its load was left (the app's loads run in the page, where
 * a navigation or a newer revalidation cancels the one before) failed at nothing: not logged, its answer unused.
 */
export async function orNothing<T>(what: string, ask: () => Promise<T>, nothing: T): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "AbortError"))
      console.error(`Could not load ${what}:`, error);
    return nothing;
  }
}
