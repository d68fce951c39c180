import { expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi.ts";

// The document is read by partners, who have none of this repository: it says each rule itself, never where it is
// written down here, and what a client must read in an answer (Retry-After).

const document = buildOpenApiDocument({ version: "test", serverUrl: "https://termin.example" });

/** Every description and summary in the document, with where it is. */
function texts(value: unknown, at = ""): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${at}/${index}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, member]) =>
    (key === "description" || key === "summary") && typeof member === "string"
      ? [[`${at}/${key}`, member] as [string, string]]
      : texts(member, `${at}/${key}`),
  );
}

it("cites no internal path, source file or decision record", () => {
  const internal = /docs\/|decisions?\s*\d{4}|\b\d{4}-[a-z-]+\.md\b|\bapps\/|\bpackages\/|\.tsx?\b/i;
  const cited = texts(document).filter(([, text]) => internal.test(text));
  expect(cited).toEqual([]);
  expect(texts(document).length).toBeGreaterThan(100);
});

it("declares Retry-After on every 429, and a 429 on every operation that counts attempts", () => {
  const limited: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tooMany = operation.responses?.["429"];
      if (!tooMany) continue;
      limited.push(`${method.toUpperCase()} ${path}`);
      expect(tooMany.headers?.["Retry-After"], `${method} ${path}`).toMatchObject({ schema: { type: "integer" } });
    }
  }
  // The operations rate-limit-rules.ts limits (docs/api-limits.md lists the numbers).
  expect(limited).toEqual(
    expect.arrayContaining([
      "POST /auth/token",
      "POST /auth/password",
      "POST /auth/password-reset",
      "POST /auth/email-verification",
    ]),
  );
});
