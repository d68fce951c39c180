import type { Viewer } from "../app/lib/start-up.server.ts";

/** The signed-in client of the unit tests, in the language a test gives. */
export function testViewer(language: Viewer["language"] = "en"): Viewer {
  return { id: "7", displayName: "Ana P.", firstName: "Ana", email: "ana@example.com", avatarUrl: null, language };
}
