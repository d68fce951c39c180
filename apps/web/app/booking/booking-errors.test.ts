import { describe, expect, it } from "vitest";
import { unavailableTimes } from "./booking-errors.ts";

describe("unavailableTimes", () => {
  it("names the service by its pointer and reads the alternatives of a taken time", () => {
    expect(
      unavailableTimes([
        {
          status: "409",
          code: "slot_taken",
          detail: "Taken meanwhile.",
          source: { pointer: "/data/attributes/services/1" },
          meta: {
            alternatives: [
              { starts_at: "2026-12-01T11:00:00+02:00", ends_at: "2026-12-01T11:45:00+02:00", employee_ids: ["7"] },
              { starts_at: 5 },
            ],
          },
        },
      ]),
    ).toEqual([
      {
        index: 1,
        reason: "taken",
        alternatives: [
          { startsAt: "2026-12-01T11:00:00+02:00", endsAt: "2026-12-01T11:45:00+02:00", employeeIds: ["7"] },
        ],
      },
    ]);
  });

  it("tells a time that never was one, and ignores errors about other members", () => {
    expect(
      unavailableTimes([
        {
          status: "422",
          code: "invalid",
          detail: "Closed then.",
          source: { pointer: "/data/attributes/services/0/starts_at" },
        },
        { status: "422", code: "invalid", detail: "Too long.", source: { pointer: "/data/attributes/client_note" } },
      ]),
    ).toEqual([{ index: 0, reason: "invalid", alternatives: [] }]);
  });

  it("decides by the error's code, never by the answer's status: a 409 about the request is not a taken time", () => {
    expect(
      unavailableTimes([
        { status: "409", code: "bad_type", detail: "Wrong type.", source: { pointer: "/data/attributes/services/0" } },
      ]),
    ).toEqual([{ index: 0, reason: "invalid", alternatives: [] }]);
  });
});
