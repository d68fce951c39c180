import { expect } from "vitest";
import type { ErrorDocument, ErrorObject } from "@termin/contracts/jsonapi";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import { readJson, type TestApi } from "../../testing/start-test-api.ts";

/** Requests to the client endpoints as a signed-in app makes them. */
export function clientRequests(api: () => TestApi) {
  const send = (method: string, path: string, authorization: string | undefined, init: RequestInit = {}) =>
    fetch(`${api().baseUrl}${path}`, {
      ...init,
      method,
      headers: { ...(authorization ? { authorization } : {}), ...(init.headers as Record<string, string>) },
    });
  return {
    get: (path: string, authorization?: string, headers: Record<string, string> = {}) =>
      send("GET", path, authorization, { headers }),
    patch: (path: string, authorization: string | undefined, document: unknown) =>
      send("PATCH", path, authorization, {
        headers: { "content-type": JSONAPI_MEDIA_TYPE },
        body: JSON.stringify(document),
      }),
    put: (path: string, authorization: string | undefined, body: Buffer | string, contentType: string) =>
      send("PUT", path, authorization, {
        headers: { "content-type": contentType },
        body: typeof body === "string" ? body : new Uint8Array(body),
      }),
    delete: (path: string, authorization?: string) => send("DELETE", path, authorization),
  };
}

/** The errors of a failed answer, after checking its status. */
export async function errorsOf(response: Response, status: number): Promise<ErrorObject[]> {
  expect(response.status).toBe(status);
  return (await readJson<ErrorDocument>(response)).errors;
}

/** The first of some rows a test needs to exist. */
export function firstOf<T>(rows: readonly T[]): T {
  const [first] = rows;
  if (first === undefined) throw new Error("Expected at least one row");
  return first;
}
