import type { AppSession, ClientRuntime } from "../app/page-data/client-env.ts";

/**
 * The native app's client runtime for unit tests: the API at the product's address, a visitor unless `session` is
 * given, no stored language, the cookie notice answered, an empty basket kept in memory. Signing in and out and
 * keeping a language are not what these tests are about: they fail if called unless a test gives them (the e2e tests
 * drive the real ones).
 */
export function testClientRuntime(
  runtime: Pick<ClientRuntime, "config" | "catalog" | "fetch"> & { session?: AppSession | null } & Partial<
      Omit<ClientRuntime, "session">
    >,
): ClientRuntime {
  const { session = null, ...rest } = runtime;
  const notHere = () => Promise.reject(new Error("signing in or out, or keeping a language, is not part of this test"));
  // The app's Preferences, in memory: an empty basket to begin with.
  let basket = "";
  return {
    apiOrigin: "https://termin.example",
    preferredLanguage: () => null,
    cookieConsent: { accepted: () => true, accept: async () => undefined },
    basket: {
      kept: () => basket,
      keep: async (value) => {
        basket = value;
      },
    },
    keepSession: notHere,
    endSession: notHere,
    keepLanguage: notHere,
    ...rest,
    session: async () => session,
  };
}
