import { describe, expect, it } from "vitest";
import { clientErrorFromDatabase, sqlState, unavailableFromDatabase, unavailableReason } from "./database-errors.ts";

const databaseError = (code: string) => Object.assign(new Error("database says no"), { code });
/** How Drizzle hands the driver's error on: wrapped, with the driver's error as the cause. */
const wrapped = (code: string) => new Error("Failed query: select ...", { cause: databaseError(code) });

describe("clientErrorFromDatabase", () => {
  it("reads the SQLSTATE from the driver's error, also when Drizzle wrapped it", () => {
    expect(sqlState(wrapped("22P02"))).toBe("22P02");
    expect(sqlState(new Error("no code"))).toBeUndefined();
    expect(sqlState(Object.assign(new Error("socket"), { code: "ECONNRESET" }))).toBeUndefined();
  });

  it("answers input errors as 400 on reads and 422 on writes", () => {
    expect(clientErrorFromDatabase(wrapped("22003"), "GET")?.status).toBe(400);
    expect(clientErrorFromDatabase(wrapped("22003"), "POST")?.status).toBe(422);
    expect(clientErrorFromDatabase(wrapped("22021"), "PATCH")?.code).toBe("invalid_body");
  });

  it("answers clashes with stored rows as 409 and missing related rows as 422", () => {
    expect(clientErrorFromDatabase(wrapped("23505"), "POST")?.status).toBe(409);
    expect(clientErrorFromDatabase(wrapped("23P01"), "POST")?.status).toBe(409);
    expect(clientErrorFromDatabase(wrapped("23503"), "POST")?.status).toBe(422);
  });

  it("leaves real faults to the 500 answer", () => {
    expect(clientErrorFromDatabase(wrapped("42P01"), "GET")).toBeUndefined(); // undefined table
    expect(clientErrorFromDatabase(new TypeError("x is undefined"), "GET")).toBeUndefined();
  });
});

describe("unavailableFromDatabase", () => {
  it("answers a database that is away or refusing work with 503 and Retry-After", () => {
    for (const code of ["57P01", "55000", "08006", "53300", "57014"]) {
      const answer = unavailableFromDatabase(wrapped(code));
      expect(answer?.status, code).toBe(503);
      expect(answer?.headers["retry-after"]).toBe("2");
    }
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(unavailableFromDatabase(new Error("Failed query", { cause: refused }))?.status).toBe(503);
    expect(unavailableFromDatabase(new Error("timeout exceeded when trying to connect"))?.status).toBe(503);
    expect(unavailableFromDatabase(new Error("Connection terminated unexpectedly"))?.status).toBe(503);
  });

  it("leaves input errors and code faults to their own answers", () => {
    expect(unavailableFromDatabase(wrapped("22P02"))).toBeUndefined();
    expect(unavailableFromDatabase(wrapped("23505"))).toBeUndefined();
    expect(unavailableFromDatabase(new TypeError("x is undefined"))).toBeUndefined();
  });
});

describe("unavailableReason", () => {
  it("names the code, or the driver's first line, never the failed query or its parameters", () => {
    const query = new Error("Failed query: select * from access_tokens where token_hash = $1\nparams: 93d9496f", {
      cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    });
    expect(unavailableReason(query)).toBe("57P01");
    const timeout = new Error("Failed query: select 1\nparams: secret", {
      cause: new Error("timeout exceeded when trying to connect"),
    });
    expect(unavailableReason(timeout)).toBe("timeout exceeded when trying to connect");
  });
});
