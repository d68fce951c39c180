import { describe, expect, it } from "vitest";
import { AppError, AppErrors } from "../../http/app-error.ts";
import { parseReviewDocument } from "./review-input.ts";

const document = (attributes: unknown, relationships: unknown = { appointmentClient: link("12") }) => ({
  data: { type: "reviews", attributes, relationships },
});
const link = (id: string) => ({ data: { type: "appointment-clients", id } });

/** The pointers of a refused body, or a failure when it was accepted. */
function pointers(body: unknown): Array<string | undefined> {
  try {
    parseReviewDocument(body);
  } catch (error) {
    if (error instanceof AppErrors) return error.errors.map((each) => each.source?.pointer);
    if (error instanceof AppError) return [error.source?.pointer];
    throw error;
  }
  throw new Error("the body was accepted");
}

describe("parseReviewDocument", () => {
  it("reads the rating, trimmed text, items and the appointment client", () => {
    const items = [
      { aspect: "service", rating: 4 },
      { aspect: "punctuality", rating: 1 },
    ];
    expect(parseReviewDocument(document({ rating: 5, text: "  Lovely.\n", items }))).toEqual({
      appointmentClientId: "12",
      rating: 5,
      text: "Lovely.",
      items,
    });
  });

  it("takes text and items as optional", () => {
    expect(parseReviewDocument(document({ rating: 1 }))).toEqual({
      appointmentClientId: "12",
      rating: 1,
      text: "",
      items: [],
    });
    expect(parseReviewDocument(document({ rating: 3, text: null, items: [] })).text).toBe("");
  });

  it("counts the length after trimming: 2000 characters pass, 2001 do not", () => {
    expect(parseReviewDocument(document({ rating: 4, text: ` ${"a".repeat(2000)} ` })).text).toHaveLength(2000);
    expect(pointers(document({ rating: 4, text: "a".repeat(2001) }))).toEqual(["/data/attributes/text"]);
  });

  it("points at a missing or wrong overall rating", () => {
    for (const rating of [undefined, 0, 6, 4.5, "5", null]) {
      expect(pointers(document({ rating })), String(rating)).toEqual(["/data/attributes/rating"]);
    }
  });

  it("points at the item whose aspect is unknown or repeated, or whose rating is out of range", () => {
    expect(pointers(document({ rating: 5, items: [{ aspect: "ambience", rating: 4 }] }))).toEqual([
      "/data/attributes/items/0/aspect",
    ]);
    expect(
      pointers(
        document({
          rating: 5,
          items: [
            { aspect: "value", rating: 4 },
            { aspect: "value", rating: 5 },
          ],
        }),
      ),
    ).toEqual(["/data/attributes/items/1/aspect"]);
    expect(pointers(document({ rating: 5, items: [{ aspect: "value", rating: 9 }] }))).toEqual([
      "/data/attributes/items/0/rating",
    ]);
    expect(pointers(document({ rating: 5, items: [{ aspect: "value", rating: 3, note: "x" }] }))).toEqual([
      "/data/attributes/items/0/note",
    ]);
    expect(pointers(document({ rating: 5, items: "service" }))).toEqual(["/data/attributes/items"]);
  });

  it("names every bad member at once, and unknown members", () => {
    expect(pointers(document({ rating: 7, text: 5, stars: 5 }))).toEqual([
      "/data/attributes/rating",
      "/data/attributes/text",
      "/data/attributes/stars",
    ]);
  });

  it("needs the appointment client relationship", () => {
    expect(pointers(document({ rating: 5 }, {}))).toEqual(["/data/relationships/appointmentClient"]);
    expect(pointers(document({ rating: 5 }, { appointmentClient: link("x") }))).toEqual([
      "/data/relationships/appointmentClient/data/id",
    ]);
    expect(
      pointers(document({ rating: 5 }, { appointmentClient: { data: { type: "appointments", id: "1" } } })),
    ).toEqual(["/data/relationships/appointmentClient/data/type"]);
  });

  it("answers 409 for another type, as JSON:API asks", () => {
    expect(() => parseReviewDocument({ data: { type: "review-items", attributes: { rating: 5 } } })).toThrow(
      expect.objectContaining({ code: "conflict" }),
    );
  });
});
