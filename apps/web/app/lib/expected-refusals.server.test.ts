import { describe, expect, it } from "vitest";
import { asExpectedRefusal } from "./expected-refusals.server.ts";

const dataAnswer = (status: number, headers: Record<string, string> = { "X-Remix-Response": "yes" }) =>
  new Response(status === 204 ? null : "payload", { status, headers });

describe("asExpectedRefusal", () => {
  it("sends a route's refusal as 200 with the payload and the status kept in a header", async () => {
    for (const status of [400, 404, 409, 422, 429]) {
      const answer = asExpectedRefusal(dataAnswer(status));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("X-Termin-Status")).toBe(String(status));
      expect(answer.headers.get("X-Remix-Response")).toBe("yes");
      expect(await answer.text()).toBe("payload");
    }
  });

  it("leaves successes, server faults and answers React Router did not make as they are", () => {
    for (const answer of [dataAnswer(200), dataAnswer(204), dataAnswer(500), dataAnswer(503), dataAnswer(404, {})]) {
      expect(asExpectedRefusal(answer)).toBe(answer);
    }
  });
});
