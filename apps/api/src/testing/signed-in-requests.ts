import { expect } from "vitest";
import { JSONAPI_MEDIA_TYPE, type ErrorDocument, type ErrorObject } from "@termin/contracts/jsonapi";
import { readJson, type TestApi } from "./start-test-api.ts";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** Requests to /v1c as a client app makes them: JSON:API bodies, with the given bearer (or none). */
export function signedInRequests(api: () => TestApi) {
  const send = (method: Method, path: string, authorization?: string, body?: unknown) =>
    fetch(`${api().baseUrl}/v1c${path}`, {
      method,
      headers: {
        accept: JSONAPI_MEDIA_TYPE,
        ...(authorization ? { authorization } : {}),
        ...(body !== undefined ? { "content-type": JSONAPI_MEDIA_TYPE } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  return {
    get: (path: string, authorization?: string) => send("GET", path, authorization),
    post: (path: string, authorization: string | undefined, body?: unknown) => send("POST", path, authorization, body),
    patch: (path: string, authorization: string | undefined, body: unknown) => send("PATCH", path, authorization, body),
    delete: (path: string, authorization?: string) => send("DELETE", path, authorization),
    /** A document the test expects: fails on any other status. */
    async read<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
      const answered = await response;
      expect(answered.status, answered.url).toBe(status);
      return readJson<T>(answered);
    },
  };
}

/** The errors of an answer the test expects to fail with `status`. */
export async function errorsOf(response: Response | Promise<Response>, status: number): Promise<ErrorObject[]> {
  const answered = await response;
  expect(answered.status, answered.url).toBe(status);
  return (await readJson<ErrorDocument>(answered)).errors;
}

/** The pointers of a 422's errors: which members of the body were wrong. */
export async function pointersOf(response: Response | Promise<Response>): Promise<Array<string | undefined>> {
  const errors = await errorsOf(response, 422);
  for (const error of errors) expect(error.code).toBe("invalid_body");
  return errors.map((error) => error.source?.pointer);
}
