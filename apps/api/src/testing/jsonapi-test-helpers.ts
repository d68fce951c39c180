import { expect } from "vitest";
import type { ErrorDocument, ResourceObject } from "@termin/contracts/jsonapi";
import { readJson, type TestApi } from "./start-test-api.ts";

/** Requests to a test API as a client makes them, in a given language (English unless said). */
export function apiRequests(api: () => TestApi) {
  const get = (path: string, language = "en") =>
    fetch(`${api().baseUrl}${path}`, { headers: { "accept-language": language } });
  return {
    get,
    /** A document the test expects to be there: fails on any status but 200. */
    async read<T>(path: string, language?: string): Promise<T> {
      const response = await get(path, language);
      expect(response.status, path).toBe(200);
      return readJson<T>(response);
    },
    /** Each path answers 400 with an explanation for the client. */
    async expect400(paths: string[]): Promise<void> {
      for (const path of paths) {
        const response = await get(path);
        expect(response.status, path).toBe(400);
        expect((await readJson<ErrorDocument>(response)).errors[0]?.detail).toBeTruthy();
      }
    },
  };
}

/** The ids a to-many relationship links to. */
export const ids = (relationship: { data: unknown } | undefined) =>
  (relationship?.data as Array<{ id: string }>).map(({ id }) => id);

/** The id a to-one relationship links to. */
export const idOf = (relationship: { data: unknown } | undefined) => (relationship?.data as { id: string } | null)?.id;

/** The included resources of one type. */
export const ofType = <T extends ResourceObject>(included: ResourceObject[] | undefined, type: T["type"]) =>
  (included ?? []).filter((resource): resource is T => resource.type === type);
