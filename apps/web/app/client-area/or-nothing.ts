/**
 * What a public page shows of the client's own things; if the API fails, the page still renders, as for a
 * visitor (logged, never thrown).
 */
export async function orNothing<T>(what: string, ask: () => Promise<T>, nothing: T): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    console.error(`Could not load ${what}:`, error);
    return nothing;
  }
}
