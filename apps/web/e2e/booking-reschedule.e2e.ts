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
