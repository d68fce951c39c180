import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { SettingsResource } from "@termin/contracts/catalogue-resources";
import { businesses } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { DEFAULT_PUBLIC_SETTINGS } from "./public-settings.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`);
const list = async (path: string) => readJson<CollectionDocument<SettingsResource>>(await get(path));

describe("GET /v1c/settings", () => {
  it("gives a business's public booking rules, with the business's id", async () => {
    const body = await list("/v1c/settings?filter[business]=3");
    const [stored] = await api.database.db.select().from(businesses).where(eq(businesses.id, 3));
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: "settings",
      id: "3",
      attributes: {
        online_booking_enabled: stored?.settings.onlineBooking,
        cancellation_notice_hours: stored?.settings.cancellationNoticeHours,
        booking_lead_time_minutes: stored?.settings.bookingLeadTimeMinutes,
        booking_horizon_days: stored?.settings.bookingHorizonDays,
      },
      relationships: { business: { data: { type: "businesses", id: "3" } } },
    });
  });

  it("never sends the private settings the demo businesses have", async () => {
    const text = await (await get("/v1c/settings?page[size]=100")).text();
    expect(JSON.parse(text).meta.total).toBe(40);
    expect(text).not.toMatch(/commission|invoice|sms|reminder/i);
  });

  it("falls back to the defaults for a business with no or malformed settings", async () => {
    await api.database.db.update(businesses).set({ settings: {} }).where(eq(businesses.id, 5));
    await api.database.db
      .update(businesses)
      .set({ settings: { onlineBooking: false, bookingHorizonDays: -3 } })
      .where(eq(businesses.id, 6));
    const body = await list("/v1c/settings?filter[business]=5,6");
    expect(body.data.map((s) => s.attributes)).toEqual([
      DEFAULT_PUBLIC_SETTINGS,
      { ...DEFAULT_PUBLIC_SETTINGS, online_booking_enabled: false },
    ]);
  });

  it("answers 400 for an unknown filter", async () => {
    expect((await get("/v1c/settings?filter[location]=1")).status).toBe(400);
  });
});

describe("GET /v1c/settings/:id", () => {
  it("returns a business's settings, and 404 for an unknown business", async () => {
    const body = await readJson<SingleDocument<SettingsResource>>(await get("/v1c/settings/1"));
    expect(Object.keys(body.data.attributes).sort()).toEqual(Object.keys(DEFAULT_PUBLIC_SETTINGS).sort());
    expect((await get("/v1c/settings/99999")).status).toBe(404);
  });
});
