import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../database.ts";
import { prepareDatabase } from "../../prepare-database.ts";
import { rawRows } from "../../raw-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database.ts";
import { DEMO_CLIENT } from "./demo-client.ts";

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  handle = await prepareDatabase({ ...testDatabase.options, demoData: true });
});
afterAll(async () => {
  await handle.close();
  await testDatabase.drop();
});

const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(handle.db, query);

describe("demo classes", () => {
  it("are taught at yoga and fitness studios in several cities and time zones, with capacities and weekly schedules", async () => {
    const studios = await rows<{
      city: string;
      time_zone: string;
      classes: number;
      capacities: number[];
      schedules: number;
    }>(
      sql`select c.slug as city, l.time_zone, count(distinct s.id)::int as classes,
                 array_agg(distinct s.capacity order by s.capacity) as capacities, count(distinct cs.id)::int as schedules
          from class_schedules cs join locations l on l.id = cs.location_id join cities c on c.id = l.city_id
          join service_prices sp on sp.id = cs.service_price_id join services s on s.id = sp.service_id
          where s.kind = 'class' group by l.id, c.slug, l.time_zone order by l.id`,
    );
    expect(new Set(studios.map((studio) => studio.city)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(studios.map((studio) => studio.time_zone)).size).toBeGreaterThanOrEqual(2);
    expect(studios.map((studio) => studio.city)).toContain("sofia");
    for (const studio of studios) {
      expect(studio.classes).toBe(2);
      expect(studio.schedules).toBe(4);
    }
    expect(new Set(studios.flatMap((studio) => studio.capacities))).toEqual(new Set([6, 8, 12]));
  });

  it("has sessions ahead with one called off and one moved, seats taken, one full, and the demo client's two seats", async () => {
    const [exceptions] = await rows<{ cancelled: number; moved: number }>(
      sql`select count(*) filter (where moved_to is null)::int as cancelled, count(moved_to)::int as moved
          from class_schedule_exceptions`,
    );
    expect(exceptions).toEqual({ cancelled: 1, moved: 1 });
    const [calledOff] = await rows<{ sessions: number }>(
      sql`select count(a.id)::int as sessions from class_schedule_exceptions e
          left join appointments a on a.class_schedule_id = e.class_schedule_id and a.occurrence_date = e.occurrence_date
          where e.moved_to is null`,
    );
    expect(calledOff?.sessions).toBe(0);
    const [moved] = await rows<{ starts_at: string; moved_to: string }>(
      sql`select a.starts_at, e.moved_to from class_schedule_exceptions e
          join appointments a on a.class_schedule_id = e.class_schedule_id and a.occurrence_date = e.occurrence_date
          where e.moved_to is not null`,
    );
    expect(new Date(moved?.starts_at ?? 0).getTime()).toBe(new Date(moved?.moved_to ?? 1).getTime());

    const [seats] = await rows<{ sessions: number; seated: number; full: number }>(
      sql`select count(*)::int as sessions, count(*) filter (where seats_taken > 0)::int as seated,
                 count(*) filter (where seats_taken = capacity)::int as full
          from appointments where capacity is not null and starts_at > now()`,
    );
    expect(seats?.sessions).toBeGreaterThan(100);
    expect(seats?.seated).toBeGreaterThan(10);
    expect(seats?.full).toBeGreaterThanOrEqual(1);
    const demo = await rows<{ seats_count: number; total_minor: number; price_minor: number }>(
      sql`select ac.seats_count, ac.total_minor, s.price_minor from appointment_clients ac
          join appointments a on a.id = ac.appointment_id join appointment_services s on s.appointment_id = a.id
          where ac.client_id = ${DEMO_CLIENT.id} and a.capacity is not null`,
    );
    expect(demo).toHaveLength(1);
    expect(demo[0]?.seats_count).toBe(2);
    expect(demo[0]?.total_minor).toBe((demo[0]?.price_minor ?? 0) * 2);
  });

  it("counts every session's seats from its places, within its capacity", async () => {
    const wrong = await rows<{ id: number }>(
      sql`select a.id from appointments a
          where a.capacity is not null and a.seats_taken <> (select coalesce(sum(c.seats_count), 0) from appointment_clients c
                                                              where c.appointment_id = a.id and c.status_id <> 4)`,
    );
    expect(wrong).toEqual([]);
  });
});
