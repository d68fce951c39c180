import type { ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import { signUpAndSignIn } from "./account-fixtures.ts";
import { bookablePlace, bookThroughApi, freeSlots, main, sofiaDate } from "./booking-fixtures.ts";
import { expect, required, test } from "./fixtures.ts";

test('the reschedule page shows each time on one line ("3:00 PM", not "3:00" over "PM")', async ({ page, request }) => {
  const place = await bookablePlace(request);
  const { second } = place;
  const client = await signUpAndSignIn(page, request, { language: "en" });
  // A visit a week or so ahead, at the latest time still free (other journeys take earlier ones).
  const slots = await freeSlots(request, {
    priceId: second.priceId,
    locationId: place.locationId,
    from: sofiaDate(7),
    to: sofiaDate(11),
  });
  let appointmentClientId: string | null = null;
  let answer = "";
  for (const slot of [...slots.data].reverse()) {
    const booked = await bookThroughApi(request, client.authorization, {
      locationId: place.locationId,
      priceId: second.priceId,
      employeeId: null,
      startsAt: slot.attributes.starts_at,
    });
    answer = await booked.text();
    if (booked.status() !== 201) continue;
    const document = (await booked.json()) as SingleDocument<ResourceObject> & { included?: ResourceObject[] };
    appointmentClientId = document.included?.find((each) => each.type === "appointment-clients")?.id ?? null;
    break;
  }

  await page.goto(`/en/appointments/${required(appointmentClientId, `a visit booked (${answer})`)}/reschedule`);
  const times = main(page).locator(".time-chip span");
  await expect(times.first()).toBeVisible();
  const lines = await times.evaluateAll((spans) =>
    spans.map((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      return {
        text: span.textContent,
        lines: new Set([...range.getClientRects()].map((rect) => rect.top)).size,
        cutOff: span.scrollWidth > span.clientWidth,
      };
    }),
  );
  expect(lines.filter((time) => time.lines !== 1 || time.cutOff)).toEqual([]);
});

test("an appointment can move by less than its length: times overlapping its own are offered", async ({
  page,
  request,
}, testInfo) => {
  const place = await bookablePlace(request);
  const { first } = place;
  const client = await signUpAndSignIn(page, request, { language: "en" });
  // A time of its employee with the quarter hour after it free too, about two weeks ahead: days of this width's
  // own, so the width running beside it never takes that quarter hour.
  const days = testInfo.project.name === "desktop-1280" ? 12 : 14;
  const slots = await freeSlots(request, {
    priceId: first.priceId,
    locationId: place.locationId,
    employeeId: first.employee.id,
    from: sofiaDate(days),
    to: sofiaDate(days + 1),
  });
  const starts = new Set(slots.data.map((slot) => Date.parse(slot.attributes.starts_at)));
  const quarter = 15 * 60_000;
  let booked: { appointmentClientId: string; startsAt: string } | null = null;
  for (const slot of [...slots.data].reverse()) {
    const startsAt = slot.attributes.starts_at;
    if (!starts.has(Date.parse(startsAt) + quarter)) continue;
    const answer = await bookThroughApi(request, client.authorization, {
      locationId: place.locationId,
      priceId: first.priceId,
      employeeId: first.employee.id,
      startsAt,
    });
    if (answer.status() !== 201) continue;
    const document = (await answer.json()) as SingleDocument<ResourceObject> & { included?: ResourceObject[] };
    const id = document.included?.find((each) => each.type === "appointment-clients")?.id;
    if (id) booked = { appointmentClientId: id, startsAt };
    break;
  }
  const visit = required(booked, "a visit booked with a free quarter hour after its start");
  const day = visit.startsAt.slice(0, 10);
  await page.goto(`/en/appointments/${visit.appointmentClientId}/reschedule?from=${day}&date=${day}`);
  const offered = await main(page)
    .locator(".time-chip input")
    .evaluateAll((inputs) => inputs.map((input) => Date.parse((input as HTMLInputElement).value)));
  expect(offered).toContain(Date.parse(visit.startsAt) + quarter);
});
