import { describe, expect, it } from "vitest";
import { createApiClient } from "../api/client.ts";
import { holdTime, refusalMessageKey } from "./booking-api.ts";

/** An API client whose server answers every request with one error document, recording what was sent. */
function answering(status: number, code: string) {
  const sent: unknown[] = [];
  const api = createApiClient({
    baseUrl: "http://api.test",
    language: "en",
    app: { name: "Termin", version: "1", build: "test" },
    fetch: async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ errors: [{ status: String(status), code, detail: "refused" }] }), {
        status,
        headers: { "content-type": "application/vnd.api+json" },
      });
    },
  });
  return { api, sent };
}

const time = { servicePriceId: "7", employeeId: null, startsAt: "2026-12-03T10:00:00Z" };

describe("holdTime", () => {
  it("names the place, so Any professional works at a business with several places", async () => {
    const { api, sent } = answering(409, "slot_taken");
    await holdTime(api, "42", time);
    expect(sent[0]).toMatchObject({
      data: { relationships: { location: { data: { type: "locations", id: "42" } } } },
    });
  });

  it("reads a refusal by its code: only a time someone else has is 'taken'", async () => {
    expect(await holdTime(answering(409, "slot_taken").api, "42", time)).toEqual({ held: false, reason: "taken" });
    expect(await holdTime(answering(422, "before_minimum_notice").api, "42", time)).toEqual({
      held: false,
      reason: "invalid",
    });
    expect(refusalMessageKey("invalid")).not.toBe(refusalMessageKey("taken"));
  });

  it("tells the client's own booking in the way from a time someone else took", async () => {
    const own = await holdTime(answering(409, "overlaps_own_booking").api, "42", time);
    expect(own).toEqual({ held: false, reason: "own" });
    expect(refusalMessageKey("own")).toBe("booking.overlapsOwn");
  });
});
