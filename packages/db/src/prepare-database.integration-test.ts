import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { prepareDatabase } from "./prepare-database.ts";
import { appointmentStatuses, contentPageTranslations } from "./schema.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe("prepareDatabase", () => {
  it("migrates and seeds an empty database, and a second run changes nothing", async () => {
    const first = await prepareDatabase(testDatabase.options);
    try {
      await first.db.update(appointmentStatuses).set({ name: "renamed" }).where(eq(appointmentStatuses.id, 2));
    } finally {
      await first.close();
    }
    const second = await prepareDatabase(testDatabase.options);
    try {
      expect(await second.db.$count(appointmentStatuses)).toBe(6);
      // Reference data is restored to its documented values on every start.
      const [confirmed] = await second.db.select().from(appointmentStatuses).where(eq(appointmentStatuses.id, 2));
      expect(confirmed?.name).toBe("confirmed");
      const [{ translations } = { translations: 0 }] = await second.db
        .select({ translations: count() })
        .from(contentPageTranslations);
      expect(translations).toBe(4 * 11);
    } finally {
      await second.close();
    }
  });
});

describe("servers starting together", () => {
  it("prepare one empty database once: migrations and the demo catalogue are not run twice", async () => {
    const empty = await createTestDatabase();
    try {
      const handles = await Promise.all([0, 1].map(() => prepareDatabase({ ...empty.options, demoData: true })));
      try {
        for (const handle of handles) expect(await handle.db.$count(appointmentStatuses)).toBe(6);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    } finally {
      await empty.drop();
    }
  });
});

describe("embedded PGlite on disk", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "termin-pglite-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps data between starts in DATA_DIR", async () => {
    const first = await prepareDatabase({ dataDir });
    await first.db.update(appointmentStatuses).set({ orderIndex: 60 }).where(eq(appointmentStatuses.id, 6));
    // A row the seed does not own survives: proves the files, not the seed, carried it.
    await first.db.insert(appointmentStatuses).values({ id: 99, name: "archived-test", orderIndex: 99 });
    await first.close();

    const second = await prepareDatabase({ dataDir });
    try {
      const rows = await second.db.select().from(appointmentStatuses).where(eq(appointmentStatuses.id, 99));
      expect(rows).toEqual([{ id: 99, name: "archived-test", orderIndex: 99 }]);
      expect(second.engine).toBe("pglite");
    } finally {
      await second.close();
    }
  });
});
