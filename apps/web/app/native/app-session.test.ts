import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient, type Credentials } from "../api/client.ts";
import { APP_SESSION_KEY, keptAppSession } from "./app-session.ts";
import { secureStorageItems } from "../../test/device-secure-storage.ts";

vi.mock(
  "@aparajita/capacitor-secure-storage",
  async () => (await import("../../test/device-secure-storage.ts")).secureStorageModule,
);
const storage = secureStorageItems;

const NOW = Date.parse("2026-12-07T10:00:00Z");
const PROFILE = {
  data: {
    type: "clients",
    id: "7",
    attributes: { first_name: "Ana", last_name: "Petrova", email: "ana@example.com" },
    relationships: { language: { data: { type: "languages", id: "de" } } },
  },
};

/** The API as the session sees it: answers by path, every request recorded. */
function api(answers: Record<string, () => Response>) {
  const requests: { path: string; authorization: string | null; body: unknown }[] = [];
  const client = (credentials?: Credentials) =>
    createApiClient({
      baseUrl: "https://api.termin.example",
      language: "en",
      app: { name: "Termin", version: "1.0.0", build: "1" },
      credentials,
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const headers = new Headers(init?.headers);
        requests.push({
          path: url.pathname,
          authorization: headers.get("authorization"),
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        });
        const answer = answers[url.pathname];
        if (!answer) throw new TypeError("Failed to fetch");
        return answer();
      },
    });
  return { client, requests };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const keep = (expiresAt: number) =>
  storage.set(APP_SESSION_KEY, { tokenType: "Bearer", accessToken: "old", refreshToken: "refresh-1", expiresAt });

describe("the app's kept session", () => {
  beforeEach(() => storage.clear());

  it("is a visitor's when the device keeps no sign-in, and asks the API nothing", async () => {
    const { client, requests } = api({});
    expect(await keptAppSession(client, () => NOW).current()).toBeNull();
    expect(requests).toEqual([]);
  });

  it("loads the client's profile with the kept token, once for the process", async () => {
    keep(NOW + 3_600_000);
    const { client, requests } = api({ "/v1c/clients/me": () => json(200, PROFILE) });
    const session = keptAppSession(client, () => NOW).current;
    const first = await session();
    expect(first).toEqual({
      credentials: { token_type: "Bearer", access_token: "old" },
      viewer: {
        id: "7",
        displayName: "Ana Petrova",
        firstName: "Ana",
        email: "ana@example.com",
        avatarUrl: null,
        language: "de",
      },
    });
    expect(await session()).toBe(first);
    expect(requests).toEqual([{ path: "/v1c/clients/me", authorization: "Bearer old", body: undefined }]);
  });

  it("renews a token due within a minute with its refresh token, once for every caller, and keeps the new one", async () => {
    keep(NOW + 30_000);
    const { client, requests } = api({
      "/auth/token": () =>
        json(200, { token_type: "Bearer", access_token: "new", refresh_token: "refresh-2", expires_in: 3600 }),
      "/v1c/clients/me": () => json(200, PROFILE),
    });
    const session = keptAppSession(client, () => NOW).current;
    const [one, two] = await Promise.all([session(), session()]);
    expect(one?.credentials.access_token).toBe("new");
    expect(two).toBe(one);
    expect(requests.map((request) => request.path)).toEqual(["/auth/token", "/v1c/clients/me"]);
    // A refresh token renews only for the client it was given to: the app names itself.
    expect(requests[0]?.body).toEqual({
      grant_type: "refresh_token",
      refresh_token: "refresh-1",
      client_id: "termin-app",
    });
    expect(requests[1]?.authorization).toBe("Bearer new");
    expect(storage.get(APP_SESSION_KEY)).toEqual({
      tokenType: "Bearer",
      accessToken: "new",
      refreshToken: "refresh-2",
      expiresAt: NOW + 3_600_000,
    });
  });

  it("renews again when the kept answer comes due while the app runs", async () => {
    keep(NOW + 120_000);
    let now = NOW;
    const { client, requests } = api({
      "/auth/token": () =>
        json(200, { token_type: "Bearer", access_token: "new", refresh_token: "refresh-2", expires_in: 3600 }),
      "/v1c/clients/me": () => json(200, PROFILE),
    });
    const session = keptAppSession(client, () => now).current;
    expect((await session())?.credentials.access_token).toBe("old");
    now += 90_000;
    expect((await session())?.credentials.access_token).toBe("new");
    expect(requests.map((request) => request.path)).toEqual(["/v1c/clients/me", "/auth/token", "/v1c/clients/me"]);
  });

  it("forgets a sign-in the API refuses and goes on as a visitor", async () => {
    keep(NOW + 3_600_000);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { client } = api({ "/v1c/clients/me": () => json(401, { errors: [{ status: "401", detail: "Expired" }] }) });
    expect(await keptAppSession(client, () => NOW).current()).toBeNull();
    expect(storage.has(APP_SESSION_KEY)).toBe(false);
    expect(consoleError).toHaveBeenCalledWith("Error loading profile.", "Expired");
    consoleError.mockRestore();
  });

  it("keeps the sign-in when the API is out of reach, and asks again on the next page", async () => {
    keep(NOW + 3_600_000);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let reachable = false;
    const { client } = api({
      "/v1c/clients/me": () => {
        if (!reachable) throw new TypeError("Failed to fetch");
        return json(200, PROFILE);
      },
    });
    const session = keptAppSession(client, () => NOW).current;
    expect(await session()).toBeNull();
    expect(storage.has(APP_SESSION_KEY)).toBe(true);
    reachable = true;
    expect((await session())?.viewer.firstName).toBe("Ana");
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });

  it("ignores what is not a kept sign-in", async () => {
    storage.set(APP_SESSION_KEY, { accessToken: "x" });
    const { client, requests } = api({});
    expect(await keptAppSession(client, () => NOW).current()).toBeNull();
    expect(requests).toEqual([]);
  });
  it("keeps a new sign-in and loads its client on the next page, after a visitor's page", async () => {
    const { client, requests } = api({ "/v1c/clients/me": () => json(200, PROFILE) });
    const kept = keptAppSession(client, () => NOW);
    expect(await kept.current()).toBeNull();
    await kept.keep({ token_type: "Bearer", access_token: "fresh", refresh_token: "refresh-9", expires_in: 900 });
    expect(storage.get(APP_SESSION_KEY)).toEqual({
      tokenType: "Bearer",
      accessToken: "fresh",
      refreshToken: "refresh-9",
      expiresAt: NOW + 900_000,
    });
    expect((await kept.current())?.credentials.access_token).toBe("fresh");
    expect(requests).toEqual([{ path: "/v1c/clients/me", authorization: "Bearer fresh", body: undefined }]);
  });

  it("ends a sign-in: the API revokes its refresh token and the device forgets it, even when the API fails", async () => {
    keep(NOW + 3_600_000);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { client, requests } = api({
      "/v1c/clients/me": () => json(200, PROFILE),
      "/auth/revoke": () => json(503, { errors: [{ status: "503", detail: "Down" }] }),
    });
    const kept = keptAppSession(client, () => NOW);
    expect(await kept.current()).not.toBeNull();
    await kept.end();
    expect(storage.has(APP_SESSION_KEY)).toBe(false);
    expect(await kept.current()).toBeNull();
    expect(requests.at(-1)).toEqual({ path: "/auth/revoke", authorization: null, body: { token: "refresh-1" } });
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});
