import { describe, expect, it } from "vitest";
import { MAX_PUSH_PAYLOAD_BYTES, pushMessage } from "./push-payload.ts";

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");
const base = { title: "Appointment booked", actionUrl: "/en/appointments/12", notificationId: "n-1" };

describe("pushMessage", () => {
  it("keeps a short notification as it is", () => {
    expect(pushMessage({ ...base, body: "Manicure on Thursday at 12:30." })).toEqual({
      title: "Appointment booked",
      body: "Manicure on Thursday at 12:30.",
      data: { action_url: "/en/appointments/12", notification_id: "n-1" },
    });
  });

  it("shortens a long body to fit 4 KB, ending it with an ellipsis", () => {
    const message = pushMessage({ ...base, body: "a".repeat(10_000) });
    expect(bytes(message)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(bytes(message)).toBeGreaterThan(MAX_PUSH_PAYLOAD_BYTES - 10);
    expect(message.body.endsWith("…")).toBe(true);
    expect(message.data.action_url).toBe("/en/appointments/12");
  });

  it("counts bytes, not characters: Cyrillic, escapes and emoji are never cut in half", () => {
    for (const unit of ["Маникюр ", '"\\\n', "💅"]) {
      const message = pushMessage({ ...base, body: unit.repeat(3_000) });
      expect(bytes(message)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
      expect(message.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(message.body.length).toBeGreaterThan(100);
    }
  });

  it("cuts a title longer than 200 characters", () => {
    const message = pushMessage({ ...base, title: "T".repeat(500), body: "b" });
    expect(Array.from(message.title)).toHaveLength(201);
  });
});
