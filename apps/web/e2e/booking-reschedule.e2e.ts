import type { APIRequestContext, Page } from "@playwright/test";
import type { ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import type { Language } from "@termin/domain/languages";
import { signUpAndSignIn } from "./account-fixtures.ts";
import { bookablePlace, bookThroughApi, freeSlots, main, sofiaDate, type BookablePlace } from "./booking-fixtures.ts";
import { expect, required, test } from "./fixtures.ts";

/** Books a visit a week or so ahead, at the latest time still free (other journeys take earlier ones). */
async function bookAVisit(request: APIRequestContext, place: BookablePlace, authorization: string): Promise<string> {
  const { second } = place;
  const slots = await freeSlots(request, {
    priceId: second.priceId,
    locationId: place.locationId,
    from: sofiaDate(7),
    to: sofiaDate(11),
  });
  let answer = "";
  for (const slot of [...slots.data].reverse()) {
    const booked = await bookThroughApi(request, authorization, {
      locationId: place.locationId,
      priceId: second.priceId,
      employeeId: null,
      startsAt: slot.attributes.starts_at,
    });
    answer = await booked.text();
    if (booked.status() !== 201) continue;
    const document = (await booked.json()) as SingleDocument<ResourceObject> & { included?: ResourceObject[] };
    const id = document.included?.find((each) => each.type === "appointment-clients")?.id;
    if (id) return id;
  }
  throw new Error(`No visit could be booked (${answer})`);
}

/**
 * The time buttons whose label does not sit on one line inside its button, or overlaps another: "3:00" over "PM",
 * or "11:00 π.μ." running out of its button into the next one.
 */
async function chipsThatDoNotFit(page: Page) {
  const times = main(page).locator(".time-chip span");
  await expect(times.first()).toBeVisible();
  return times.evaluateAll((spans) => {
    const boxes = spans.map((span) => span.getBoundingClientRect());
    return spans.flatMap((span, index) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const text = range.getBoundingClientRect();
      const box = boxes[index] as DOMRect;
      const problems = [
        new Set([...range.getClientRects()].map((rect) => rect.top)).size !== 1 ? "more than one line" : "",
        span.scrollWidth > span.clientWidth || text.left < box.left || text.right > box.right ? "overflows" : "",
        boxes.some(
          (other, at) =>
            at !== index &&
            other.left < box.right &&
            box.left < other.right &&
            other.top < box.bottom &&
            box.top < other.bottom,
        )
          ? "overlaps another"
          : "",
      ].filter(Boolean);
      return problems.length > 0 ? [{ text: span.textContent, problems }] : [];
    });
  });
}

for (const language of ["el", "en"] satisfies Language[]) {
  test(`[${language}] every time's label fits its button on the booking and reschedule pages ("3:00 PM" on one line)`, async ({
    page,
    request,
  }) => {
    const place = await bookablePlace(request);
    const client = await signUpAndSignIn(page, request, { language });
    const visit = await bookAVisit(request, place, client.authorization);

    await page.goto(`/${language}/book/${place.slug}?service=${place.first.id}&date=${place.day}`);
    // Evening times are the longest in a 12-hour clock ("11:00 PM"); the day has morning to evening ones.
    expect(await chipsThatDoNotFit(page)).toEqual([]);

    await page.goto(`/${language}/appointments/${visit}/reschedule`);
    expect(await chipsThatDoNotFit(page)).toEqual([]);
    if (language === "el") {
      // Greek pages use the 24-hour clock (decision 0035): no "π.μ." or "μ.μ." on a time.
      await expect(main(page).locator(".time-chip span").first()).toHaveText(/^\d{2}:\d{2}$/);
      await expect(main(page)).not.toContainText(/[πμ]\.μ\./);
    }

    // The visit's own page: its sentences end with one full stop, whatever its times end with.
    await page.goto(`/${language}/appointments/${visit}`);
    await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main(page)).not.toContainText(/[^.]\.\.(?!\.)/);
  });
}

/**
 * Books the place's first service with its employee, `day` days ahead in Sofia, at the latest free time whose next
 * start of the grid is free too; null when that day has none.
 */
async function bookWithNextStartFree(
  request: APIRequestContext,
  place: BookablePlace,
  authorization: string,
  day: number,
): Promise<{ appointmentClientId: string; startsAt: string; step: number } | null> {
  const { first } = place;
  const slots = await freeSlots(request, {
    priceId: first.priceId,
    locationId: place.locationId,
    employeeId: first.employee.id,
    from: sofiaDate(day),
    to: sofiaDate(day + 1),
  });
  const starts = new Set(slots.data.map((slot) => Date.parse(slot.attributes.starts_at)));
  const sorted = [...starts].sort((a, b) => a - b);
  const step = Math.min(...sorted.slice(1).map((start, index) => start - (sorted[index] ?? 0)));
  for (const slot of [...slots.data].reverse()) {
    const startsAt = slot.attributes.starts_at;
    if (!starts.has(Date.parse(startsAt) + step)) continue;
    const answer = await bookThroughApi(request, authorization, {
      locationId: place.locationId,
      priceId: first.priceId,
      employeeId: first.employee.id,
      startsAt,
    });
    if (answer.status() !== 201) continue;
    const document = (await answer.json()) as SingleDocument<ResourceObject> & { included?: ResourceObject[] };
    const id = document.included?.find((each) => each.type === "appointment-clients")?.id;
    return id ? { appointmentClientId: id, startsAt, step } : null;
  }
  return null;
}

test("an appointment can move by less than its length: times overlapping its own are offered", async ({
  page,
  request,
}, testInfo) => {
  const place = await bookablePlace(request);
  const client = await signUpAndSignIn(page, request, { language: "en" });
  // A time of its employee with the next start of the business's grid (10 or 15 minutes on) free too, about two weeks
  // ahead: days of this width's own, so the width running beside it never takes that next start; the first of them
  // the employee works (a day off depends on the weekday the suite runs on).
  const days = testInfo.project.name === "desktop-1280" ? [12, 15, 18] : [14, 17, 20];
  let booked: { appointmentClientId: string; startsAt: string; step: number } | null = null;
  for (const day of days) {
    booked = await bookWithNextStartFree(request, place, client.authorization, day);
    if (booked) break;
  }
  const visit = required(booked, "a visit booked with the next start of the grid free after its start");
  // The page opens at the appointment's own day, two weeks ahead.
  await page.goto(`/en/appointments/${visit.appointmentClientId}/reschedule`);
  await expect(main(page).locator(".day-calendar__days a[aria-current=date]")).toHaveAttribute(
    "href",
    new RegExp(`date=${visit.startsAt.slice(0, 10)}`),
  );
  const offered = await main(page)
    .locator(".time-chip input")
    .evaluateAll((inputs) => inputs.map((input) => Date.parse((input as HTMLInputElement).value)));
  expect(offered).toContain(Date.parse(visit.startsAt) + visit.step);
});
