import { describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../http/app-error.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { BOOKING_REFUSALS, errorCodesOf } from "./error-codes.ts";

const document = buildOpenApiDocument({ version: "1", serverUrl: "http://api.test" });
const errorAnswers = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).flatMap(([method, operation]) =>
    Object.entries(operation.responses ?? {})
      .filter(([status, answer]) => Number(status) >= 400 && answer.content?.["application/vnd.api+json"])
      .map(([status, answer]) => ({ where: `${method} ${path} ${status}`, status: Number(status), answer })),
  ),
);

describe("the error codes of the document", () => {
  it("lists codes on every error answer, each answered with that status", () => {
    expect(errorAnswers.length).toBeGreaterThan(100);
    for (const { where, status, answer } of errorAnswers) {
      const codes = answer["x-error-codes"] ?? [];
      expect(codes.length, where).toBeGreaterThan(0);
      for (const code of codes) expect(ERROR_STATUS[code as ErrorCode], `${where}: ${code}`).toBe(status);
    }
  });

  it("lists each booking write's own refusals first, then the generic ones", () => {
    const booking = document.paths["/v1c/appointments"]?.post?.responses?.["422"]?.["x-error-codes"];
    expect(booking?.slice(0, BOOKING_REFUSALS.book.length)).toEqual(BOOKING_REFUSALS.book);
    expect(booking).toContain("invalid_body");
    const cancel = document.paths["/v1c/appointment-clients/{id}"]?.patch?.responses?.["422"]?.["x-error-codes"];
    expect(cancel).toEqual([...BOOKING_REFUSALS.cancel, "invalid_body"]);
  });

  it("refuses a code listed under another status than its own", () => {
    expect(() => errorCodesOf(409, ["time_passed"])).toThrow("error code time_passed is answered with 422, not 409");
  });
});
