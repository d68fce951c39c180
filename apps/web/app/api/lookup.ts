import { data } from "react-router";
import { ApiError } from "./client.ts";

/**
 * Whether the API's answer says the page's address names nothing: not found (404), or the value itself refused
 * (400 naming `parameter`: no slug or id of ours looks like that). Any other error is a failure.
 */
export function namesNothing(error: unknown, parameter: string): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  return error.status === 400 && error.errors.some((each) => each.source?.parameter === parameter);
}

/**
 * A lookup by what the page's address names (a slug, an id), as the page's 404 when it names nothing. `parameter`
 * is where the value goes in the API request (`filter[slug]`, `id`).
 */
export async function lookupOrNotFound<T>(lookup: Promise<T>, parameter: string): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (namesNothing(error, parameter)) throw data(null, { status: 404 });
    throw error;
  }
}
