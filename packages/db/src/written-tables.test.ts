import { describe, expect, it } from "vitest";
import { recordWrites, noteStatement, writesOf, type Write } from "./written-tables.ts";

describe("writesOf", () => {
  it("reads the writes of Drizzle's and hand-written statements, and none of a read or a row lock", () => {
    expect(writesOf('insert into "clients" ("id", "email") values ($1, $2)')).toEqual([
      { operation: "insert", table: "clients" },
    ]);
    expect(writesOf('update "refresh_tokens" set "used_at" = $1 where "token_hash" = $2')).toEqual([
      { operation: "update", table: "refresh_tokens" },
    ]);
    expect(writesOf("delete from booking_holds where id = $1")).toEqual([
      { operation: "delete", table: "booking_holds" },
    ]);
    expect(writesOf("select id from clients where id = $1 for update")).toEqual([]);
    expect(writesOf("select * from scheduled_jobs for update skip locked")).toEqual([]);
    expect(writesOf('select "updated_at" from "locations"')).toEqual([]);
    expect(
      writesOf(
        "with gone as (delete from likes where media_id = $1 returning client_id) insert into notifications (client_id) select client_id from gone on conflict (client_id) do update set read = false",
      ),
    ).toEqual([
      { operation: "delete", table: "likes" },
      { operation: "insert", table: "notifications" },
    ]);
  });
});

describe("recordWrites", () => {
  it("notes the statements sent on behalf of its work only, through awaits", async () => {
    const mine: Write[] = [];
    const theirs: Write[] = [];
    await Promise.all([
      recordWrites(mine, async () => {
        await Promise.resolve();
        noteStatement('insert into "likes" ("media_id") values ($1)');
      }),
      recordWrites(theirs, async () => {
        noteStatement('update "locations" set "name" = $1');
      }),
    ]);
    noteStatement('delete from "reviews"');
    expect(mine).toEqual([{ operation: "insert", table: "likes" }]);
    expect(theirs).toEqual([{ operation: "update", table: "locations" }]);
  });
});
