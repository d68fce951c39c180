import type { APIRequestContext } from "@playwright/test";
import type { ClassSessionDocument, ClassSessionResource } from "@termin/contracts/class-resources";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import bg from "../app/i18n/locales/bg.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { anotherClient, api, json, main, sofiaDate } from "./booking-fixtures.ts";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";
import { mailTo } from "./outbox.ts";

const JSON_API = "application/vnd.api+json";
/** The most seats one booking takes at the demo businesses (their default). */
const SEATS_PER_BOOKING = 4;

/** Sessions of Sofia's demo classes a few days ahead (past every cancellation notice), with seats left. */
async function openSessions(request: APIRequestContext): Promise<ClassSessionResource[]> {
  const places = await json<CollectionDocument<LocationResource>>(
    api(request, "locations?filter[city]=sofia&filter[marketplace_service]=yoga-class&page[size]=20"),
  );
  const sessions: ClassSessionResource[] = [];
  for (const place of places.data) {
    const week = await json<ClassSessionDocument>(
      api(
        request,
        `class-sessions?filter[location_id]=${place.id}&filter[date_from]=${sofiaDate(3)}&filter[date_to]=${sofiaDate(9)}`,
      ),
    );
    sessions.push(...week.data.filter((session) => session.attributes.seats_left > 0));
  }
  return sessions;
}

/** Other people take every seat left, a few at a time through the API; answers the last one's booking. */
async function fillSession(request: APIRequestContext, session: ClassSessionResource) {
  const relation = (name: string) => {
    const data = session.relationships?.[name]?.data;
    return required(data && !Array.isArray(data) ? data.id : null, `the session's ${name}`);
  };
  let left = session.attributes.seats_left;
  let last: { authorization: string; appointmentClientId: string; seats: number } | null = null;
  while (left > 0) {
    const seats = Math.min(SEATS_PER_BOOKING, left);
    const authorization = await anotherClient(request);
    const response = await request.post("/v1c/appointments", {
      headers: { authorization, "content-type": JSON_API },
      data: {
        data: {
          type: "appointments",
          attributes: {
            seats_count: seats,
            services: [{ service_price_id: relation("servicePrice"), starts_at: session.attributes.starts_at }],
          },
          relationships: { location: { data: { type: "locations", id: relation("location") } } },
        },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as { included: Array<{ type: string; id: string }> };
    const own = required(
      body.included.find((resource) => resource.type === "appointment-clients"),
      "the booking's appointment client",
    );
    last = { authorization, appointmentClientId: own.id, seats };
    left -= seats;
  }
  return required(last, "a booking that filled the session");
}

test("[bg] a client joins a full class's waitlist and books the seat held for them when another client cancels", async ({
  page,
  request,
  visit,
}, testInfo) => {
  // Each width its own session, and the last ones of the days looked at: other journeys book the first ones.
  const sessions = await openSessions(request);
  const session = required(sessions.at(testInfo.project.name === "desktop-1280" ? -1 : -2), "a session to fill");
  const someoneElse = await fillSession(request, session);
  const client = await signUpAndSignIn(page, request, { language: "bg" });

  // The week view leads to a full session too: there the client joins its line.
  await visit(`/bg/classes/${session.id}`);
  await expect(main(page).getByText(bg.classes.full, { exact: true })).toBeVisible();
  await waitForStableApp(page);
  await main(page).getByRole("button", { name: bg.classes.joinWaitlist }).click();
  await expect(main(page).getByText(bg.classes.onWaitlist.replace("{{position}}", "1"))).toBeVisible();
  await expectNoAxeViolations(page);

  // Someone cancels: the job schedule offers their seats to the first in line and holds one for 30 minutes.
  const cancelled = await request.patch(`/v1c/appointment-clients/${someoneElse.appointmentClientId}`, {
    headers: { authorization: someoneElse.authorization, "content-type": JSON_API },
    data: {
      data: {
        type: "appointment-clients",
        id: someoneElse.appointmentClientId,
        relationships: {
          status: { data: { type: "appointment-statuses", id: String(APPOINTMENT_STATUS.cancelled) } },
        },
      },
    },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const mail = await mailTo(client.email, "waitlist_seat_offered");
  expect(mail.subject).toBe("Освободи се място за вас");
  await expect(async () => {
    await page.reload();
    await expect(main(page).getByRole("heading", { name: bg.classes.offerTitle })).toBeVisible({ timeout: 1_000 });
  }).toPass();

  // The in-app notice leads to the session; its held seat goes through checkout like any booking.
  await visit("/bg/notifications");
  await main(page)
    .getByRole("link", { name: /Освободи се място за вас/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/bg/classes/${session.id}$`));
  await waitForStableApp(page);
  await main(page).getByRole("button", { name: bg.classes.bookHeld }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await waitForStableApp(page);
  await main(page).getByRole("button", { name: bg.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/bg\/appointments\/\d+\?booked=1$/);

  // The session page now says the client's own seat; the others freed stay free for whoever comes next.
  await visit(`/bg/classes/${session.id}`);
  await expect(
    main(page).getByRole("heading", { name: bg.classes.ownSeats_one.replace("{{count}}", "1") }),
  ).toBeVisible();
  const after = await json<{ data: { attributes: { seats_left: number } } }>(
    api(request, `class-sessions/${session.id}`),
  );
  expect(after.data.attributes.seats_left).toBe(someoneElse.seats - 1);
});
