import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import type { ReviewCollectionDocument, ReviewItemResource, ReviewResource } from "@termin/contracts/offer-resources";
import { appointmentClients } from "@termin/db/booking-schema";
import { locations, reviewItems, reviews } from "@termin/db/catalogue-schema";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { issueTokens } from "../../auth/issue-tokens.ts";
import { createBookingScenario, type BookingScenario } from "../../booking/testing/booking-scenario.ts";
import { createTestAppointment } from "../../booking/testing/test-appointment.ts";
import { idOf, ids, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { errorsOf, pointersOf, signedInRequests } from "../../testing/signed-in-requests.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const { get, post, read } = signedInRequests(() => api);
const DAY_MS = 86_400_000;

type ReviewDocument = SingleDocument<ReviewResource> & { included?: ResourceObject[] };

/** A review body as the web app's appointment page sends it. */
function reviewBody(appointmentClientId: number | string, attributes: Record<string, unknown> = { rating: 5 }) {
  return {
    data: {
      type: "reviews",
      attributes,
      relationships: { appointmentClient: { data: { type: "appointment-clients", id: String(appointmentClientId) } } },
    },
  };
}

/** A visit of `client` at the scenario's place three days ago (one service by its first employee), with a status. */
async function pastVisit(
  scenario: BookingScenario,
  client: TestClient,
  statusId: number = APPOINTMENT_STATUS.completed,
) {
  const visit = await createTestAppointment(api.database.db, {
    scenario,
    clientId: client.id,
    statusId,
    services: [{ startsAt: new Date(Date.now() - 3 * DAY_MS), minutes: 60 }],
  });
  return visit.appointmentClientId;
}

async function locationRating(locationId: number) {
  const [row] = await api.database.db
    .select({ average: locations.ratingAverage, count: locations.reviewCount })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

async function reviewsAt(locationId: number) {
  return api.database.db.select().from(reviews).where(eq(reviews.locationId, locationId));
}

describe("POST /v1c/reviews", () => {
  it("reviews a completed appointment: 201 with the review and its items, on the location's list with new averages", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 2 });
    const client = await createTestClient(api.database.db, { firstName: "Elena", lastName: "Petrova", language: "de" });
    // Two services: the review names the employee of the first one (the second employee here).
    const visit = await createTestAppointment(api.database.db, {
      scenario,
      clientId: client.id,
      statusId: APPOINTMENT_STATUS.completed,
      services: [
        { startsAt: new Date(Date.now() - 2 * DAY_MS), minutes: 60, employee: 1 },
        { name: "Pedicure", startsAt: new Date(Date.now() - 2 * DAY_MS + 3_600_000), minutes: 45, employee: 0 },
      ],
    });
    const items = [
      { aspect: "service", rating: 4 },
      { aspect: "punctuality", rating: 5 },
    ];
    const response = await fetch(`${api.baseUrl}/v1c/reviews`, {
      method: "POST",
      headers: {
        authorization: client.authorization,
        "content-type": "application/vnd.api+json",
        "accept-language": "bg;q=0.9,en;q=0.8",
      },
      body: JSON.stringify(reviewBody(visit.appointmentClientId, { rating: 5, text: "  Чудесно!  ", items })),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const created = await readJson<ReviewDocument>(response);
    const review = created.data;
    expect(response.headers.get("location")).toBe(`/v1c/reviews/${review.id}`);
    expect(review.attributes).toMatchObject({ author_name: "Elena P.", rating: 5, text: "Чудесно!", language: "bg" });
    expect(Date.parse(review.attributes.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(idOf(review.relationships?.location)).toBe(String(scenario.locationId));
    expect(idOf(review.relationships?.employee)).toBe(String(scenario.employeeIds[1]));
    const included = ofType<ReviewItemResource>(created.included, "review-items");
    expect(included.map((item) => item.attributes)).toEqual(items);
    expect(ids(review.relationships?.reviewItems)).toEqual(included.map((item) => item.id));

    const mine = await read<SingleDocument<ResourceObject>>(
      get(`/appointment-clients/${visit.appointmentClientId}`, client.authorization),
    );
    expect(mine.data.relationships?.review?.data).toEqual({ type: "reviews", id: review.id });

    const list = await read<ReviewCollectionDocument>(get(`/reviews?filter[location]=${scenario.locationId}`));
    expect(list.data.map((each) => each.id)).toEqual([review.id]);
    expect(list.meta.summary).toMatchObject({ average: 5, count: 1, aspects: { service: 4, punctuality: 5 } });
    const location = await read<SingleDocument<ResourceObject>>(get(`/locations/${scenario.locationId}`));
    expect(location.data.attributes).toMatchObject({ rating_average: 5, review_count: 1 });

    // A second client's visit at the same place: the averages move with every review.
    const other = await createTestClient(api.database.db);
    const second = await pastVisit(scenario, other);
    await read(post("/reviews", other.authorization, reviewBody(second, { rating: 2 })), 201);
    const both = await read<ReviewCollectionDocument>(get(`/reviews?filter[location]=${scenario.locationId}`));
    expect(both.data).toHaveLength(2);
    expect(both.meta.summary).toMatchObject({ average: 3.5, count: 2, distribution: { 2: 1, 5: 1 } });
    expect(await locationRating(scenario.locationId)).toEqual({ average: 3.5, count: 2 });
    // Without Accept-Language the review is in the account's language; without text, its text is empty.
    const [secondReview] = await api.database.db.select().from(reviews).where(eq(reviews.rating, 2));
    expect(secondReview).toMatchObject({ language: "en", text: "", authorName: "Test C." });
  });

  it("needs sign-in (401), and answers 404 for another client's appointment and for unknown ids", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const alice = await createTestClient(api.database.db);
    const mallory = await createTestClient(api.database.db);
    const visit = await pastVisit(scenario, alice);
    const anonymous = await errorsOf(post("/reviews", undefined, reviewBody(visit)), 401);
    expect(anonymous[0]?.code).toBe("unauthenticated");
    for (const id of [visit, 0, 123_456_789, 999_999_999]) {
      const [error] = await errorsOf(post("/reviews", mallory.authorization, reviewBody(id)), 404);
      expect(error?.code).toBe("not_found");
    }
    expect(await reviewsAt(scenario.locationId)).toEqual([]);
    expect(await locationRating(scenario.locationId)).toEqual({ average: null, count: 0 });
  });

  it("answers 422 at the relationship, saying why, for an appointment that is not completed", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const client = await createTestClient(api.database.db);
    const statuses = { new: "new", confirmed: "confirmed", cancelled: "cancelled", noShow: "no-show" } as const;
    for (const [key, name] of Object.entries(statuses)) {
      const visit = await pastVisit(scenario, client, APPOINTMENT_STATUS[key as keyof typeof statuses]);
      const [error, ...more] = await errorsOf(post("/reviews", client.authorization, reviewBody(visit)), 422);
      expect(more).toEqual([]);
      expect(error).toMatchObject({
        code: "appointment_not_completed",
        source: { pointer: "/data/relationships/appointmentClient" },
        detail: "Only a completed appointment can be reviewed.",
        meta: { reason: "appointment_not_completed", status: name },
      });
    }
    expect(await reviewsAt(scenario.locationId)).toEqual([]);
  });

  it("takes one review per appointment: a second one is a 409", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const client = await createTestClient(api.database.db);
    const visit = await pastVisit(scenario, client);
    await read(post("/reviews", client.authorization, reviewBody(visit, { rating: 4 })), 201);
    const [error] = await errorsOf(post("/reviews", client.authorization, reviewBody(visit, { rating: 1 })), 409);
    expect(error).toMatchObject({
      code: "already_reviewed",
      detail: "You have already reviewed this appointment.",
      source: { pointer: "/data/relationships/appointmentClient" },
    });
    expect((await reviewsAt(scenario.locationId)).map((review) => review.rating)).toEqual([4]);
    expect(await locationRating(scenario.locationId)).toEqual({ average: 4, count: 1 });
  });

  it("lets one of 10 racing requests for one appointment write, and answers the 9 others 409", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const client = await createTestClient(api.database.db);
    const visit = await pastVisit(scenario, client);
    const items = [{ aspect: "value", rating: 3 }];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        post("/reviews", client.authorization, reviewBody(visit, { rating: 1 + (n % 5), items })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const winner = answers.find((answer) => answer.status === 201);
    const { data } = await readJson<ReviewDocument>(winner as Response);

    // Exactly one review, its one item, linked from the appointment, counted once in the location's rating.
    const stored = await reviewsAt(scenario.locationId);
    expect(stored.map((review) => String(review.id))).toEqual([data.id]);
    const storedItems = await api.database.db
      .select()
      .from(reviewItems)
      .where(inArray(reviewItems.reviewId, [Number(data.id)]));
    expect(storedItems).toHaveLength(1);
    const [link] = await api.database.db
      .select({ reviewId: appointmentClients.reviewId })
      .from(appointmentClients)
      .where(eq(appointmentClients.id, visit));
    expect(String(link?.reviewId)).toBe(data.id);
    expect(await locationRating(scenario.locationId)).toEqual({ average: data.attributes.rating, count: 1 });
  });

  it("keeps the location's rating exact when reviews of different appointments there race", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const racers = await Promise.all(Array.from({ length: 8 }, () => createTestClient(api.database.db)));
    const visits = await Promise.all(racers.map((racer) => pastVisit(scenario, racer)));
    const ratings = [5, 4, 4, 3, 5, 1, 2, 5];
    const answers = await Promise.all(
      racers.map((racer, n) =>
        post("/reviews", racer.authorization, reviewBody(visits[n] ?? 0, { rating: ratings[n] })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(8).fill(201));
    const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
    expect(await locationRating(scenario.locationId)).toEqual({ average: Math.round(mean * 100) / 100, count: 8 });
  });

  it("answers bad input with 422s pointing at each member, and writes nothing", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const client = await createTestClient(api.database.db);
    const visit = await pastVisit(scenario, client);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ["/data/attributes/rating"]],
      [{ rating: 0 }, ["/data/attributes/rating"]],
      [{ rating: 6 }, ["/data/attributes/rating"]],
      [{ rating: 4.5 }, ["/data/attributes/rating"]],
      [{ rating: "5" }, ["/data/attributes/rating"]],
      [{ rating: 5, items: [{ aspect: "ambience", rating: 5 }] }, ["/data/attributes/items/0/aspect"]],
      [
        {
          rating: 5,
          items: [
            { aspect: "service", rating: 5 },
            { aspect: "service", rating: 4 },
          ],
        },
        ["/data/attributes/items/1/aspect"],
      ],
      [{ rating: 5, items: [{ aspect: "value", rating: 0 }] }, ["/data/attributes/items/0/rating"]],
      [{ rating: 5, text: "x".repeat(2001) }, ["/data/attributes/text"]],
      [
        { rating: 9, items: [{ aspect: "mood", rating: 2 }] },
        ["/data/attributes/rating", "/data/attributes/items/0/aspect"],
      ],
      [{ rating: 5, author_name: "Someone else" }, ["/data/attributes/author_name"]],
    ];
    for (const [attributes, pointers] of cases) {
      const response = post("/reviews", client.authorization, reviewBody(visit, attributes));
      expect(await pointersOf(response), JSON.stringify(attributes)).toEqual(pointers);
    }
    const noRelationship = { data: { type: "reviews", attributes: { rating: 5 } } };
    expect(await pointersOf(post("/reviews", client.authorization, noRelationship))).toEqual(["/data/relationships"]);
    expect(await reviewsAt(scenario.locationId)).toEqual([]);
    // Still reviewable after all that.
    await read(post("/reviews", client.authorization, reviewBody(visit)), 201);
  });
});

describe("the demo client", () => {
  let demo: TestApi;
  beforeAll(async () => {
    demo = await startTestApi({ demoData: true });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it("has three completed visits, none reviewed yet, and can review them", async () => {
    const db = demo.database.db;
    const completed = await db
      .select({ id: appointmentClients.id, reviewId: appointmentClients.reviewId })
      .from(appointmentClients)
      .where(
        and(
          eq(appointmentClients.clientId, DEMO_CLIENT.id),
          eq(appointmentClients.statusId, APPOINTMENT_STATUS.completed),
        ),
      );
    expect(completed).toHaveLength(3);
    expect(completed.map((visit) => visit.reviewId)).toEqual([null, null, null]);
    const tokens = await issueTokens({ db, clientId: DEMO_CLIENT.id });
    const response = await fetch(`${demo.baseUrl}/v1c/reviews`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/vnd.api+json" },
      body: JSON.stringify(reviewBody(completed[0]?.id ?? 0, { rating: 5, items: [{ aspect: "service", rating: 5 }] })),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await readJson<ReviewDocument>(response)).data.attributes.author_name).toBe("Maria I.");
  });
});
