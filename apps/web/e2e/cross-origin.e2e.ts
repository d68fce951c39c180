import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { anotherClient, dateIn, freeSlots, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, required, test } from "./fixtures.ts";
import { PARTNER_ORIGIN, serveSite } from "./partner-site.ts";

/**
 * The API as a partner's site uses it from a browser: Chromium's own CORS checks (preflights for PATCH and for the
 * Idempotency-Key and Authorization headers) between the partner's origin and the API's.
 */

test("a partner's page on another origin books idempotently, reads the calendar file and a picture, and cancels", async ({
  page,
  request,
  baseURL,
}) => {
  // A free time for anyone at a place that books online, a week out (no other test books that far ahead there).
  let booking: { locationId: string; priceId: string; startsAt: string } | undefined;
  for await (const { place } of placesBookingOnline(request)) {
    const [service] = await singlePriceServices(request, place.id);
    if (!service) continue;
    const zone = place.attributes.time_zone;
    const slots = await freeSlots(request, {
      priceId: service.priceId,
      locationId: place.id,
      from: dateIn(zone, 8),
      to: dateIn(zone, 9),
    });
    const slot = slots.data.at(-1);
    if (slot) booking = { locationId: place.id, priceId: service.priceId, startsAt: slot.attributes.starts_at };
    if (booking) break;
  }
  const { locationId, priceId, startsAt } = required(booking, "a free time at a place that books online");
  const authorization = await anotherClient(request);

  const site = await serveSite(PARTNER_ORIGIN, "<!doctype html><html lang=en><title>Salon Aurora</title><h1>Book</h1>");
  await page.goto(`${PARTNER_ORIGIN}/book`);
  const answers = await page.evaluate(
    async ({ apiOrigin, authorization, locationId, priceId, startsAt, cancelled }) => {
      const headers = {
        authorization,
        "content-type": "application/vnd.api+json",
        "accept-language": "de",
        "idempotency-key": crypto.randomUUID(),
        "app-name": "Salon Aurora",
      };
      const body = JSON.stringify({
        data: {
          type: "appointments",
          attributes: { services: [{ service_price_id: priceId, starts_at: startsAt }] },
          relationships: { location: { data: { type: "locations", id: locationId } } },
        },
      });
      const book = () => fetch(`${apiOrigin}/v1c/appointments`, { method: "POST", headers, body });
      const first = await book();
      // The visitor's second click, or a retry after a lost answer: the same key answers the same booking.
      const again = await book();
      const created = (await first.json()) as {
        data: { id: string };
        included: Array<{ type: string; id: string; attributes: { ics_download_link?: string } }>;
      };
      const replayed = (await again.json()) as { data: { id: string } };
      const own = created.included.find((each) => each.type === "appointment-clients");
      // The "Add to calendar" file and a picture, read by the partner's script (CORS on files).
      const calendar = await fetch(String(own?.attributes.ics_download_link));
      const calendarText = await calendar.text();
      const media = (await (await fetch(`${apiOrigin}/v1c/media?page[size]=1`)).json()) as {
        data: Array<{ id: string }>;
      };
      const picture = await fetch(`${apiOrigin}/images/${media.data[0]?.id}?s=390`);
      const pictureBytes = (await picture.arrayBuffer()).byteLength;
      const cancel = await fetch(`${apiOrigin}/v1c/appointment-clients/${own?.id}`, {
        method: "PATCH",
        headers: { authorization, "content-type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "appointment-clients",
            id: own?.id,
            relationships: { status: { data: { type: "appointment-statuses", id: String(cancelled) } } },
          },
        }),
      });
      const afterCancel = (await cancel.json()) as { data: { relationships: { status: { data: { id: string } } } } };
      return {
        statuses: [first.status, again.status, cancel.status],
        sameBooking: created.data.id === replayed.data.id,
        location: first.headers.get("location"),
        replayedHeader: again.headers.get("idempotent-replayed"),
        requestId: first.headers.get("x-request-id"),
        statusAfterCancel: afterCancel.data.relationships.status.data.id,
        calendar: { status: calendar.status, begins: calendarText.startsWith("BEGIN:VCALENDAR") },
        picture: { status: picture.status, type: picture.headers.get("content-type"), read: pictureBytes > 0 },
      };
    },
    {
      apiOrigin: new URL(required(baseURL, "the API's origin")).origin,
      authorization,
      locationId,
      priceId,
      startsAt,
      cancelled: APPOINTMENT_STATUS.cancelled,
    },
  );
  site.close();
  expect(page.url()).toContain(PARTNER_ORIGIN);
  expect(answers).toMatchObject({
    statuses: [201, 201, 200],
    sameBooking: true,
    replayedHeader: "true",
    statusAfterCancel: String(APPOINTMENT_STATUS.cancelled),
    calendar: { status: 200, begins: true },
    picture: { status: 200, read: true },
  });
  expect(answers.picture.type).toMatch(/^image\//);
  expect(answers.location).toMatch(/^\/v1c\/appointments\/\d+$/);
  expect(answers.requestId).toBeTruthy();
});

test.describe("a site nobody allowed", () => {
  // Chromium reports the refusal on the console, as it should.
  test.use({ allowConsoleErrors: [/blocked by CORS policy|Failed to load resource: net::ERR_FAILED/] });

  test("cannot call the API from a browser", async ({ page, baseURL }) => {
    const stranger = "http://stranger.localhost:3191";
    const site = await serveSite(stranger, "<!doctype html><html lang=en><title>Stranger</title><h1>Hello</h1>");
    await page.goto(`${stranger}/`);
    const outcome = await page.evaluate(
      (apiOrigin) =>
        fetch(`${apiOrigin}/v1c/appointment-clients/1`, {
          method: "PATCH",
          headers: { authorization: "Bearer x" },
        }).then(
          (response) => `answered ${response.status}`,
          () => "blocked by the browser",
        ),
      new URL(required(baseURL, "the API's origin")).origin,
    );
    site.close();
    expect(outcome).toBe("blocked by the browser");
  });
});
