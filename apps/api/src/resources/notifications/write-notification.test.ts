import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { NOTIFICATION_KINDS, type NotificationFacts } from "@termin/domain/notification-facts";
import { writeNotification } from "./write-notification.ts";

const APPOINTMENT = {
  appointmentClientId: 7,
  startsAt: "2026-12-03T10:30:00.000Z",
  timeZone: "Europe/Sofia",
  place: "Vita",
  services: ["Manicure"],
};
const FACTS: Record<(typeof NOTIFICATION_KINDS)[number], NotificationFacts> = {
  appointment_booked: APPOINTMENT,
  appointment_rescheduled: APPOINTMENT,
  appointment_cancelled: APPOINTMENT,
  appointment_reminder: APPOINTMENT,
  waitlist_seat_offered: {
    startsAt: "2026-12-03T16:00:00.000Z",
    timeZone: "Europe/Sofia",
    place: "Lotus Yoga",
    className: "Vinyasa flow",
    holdMinutes: 30,
  },
  form_requested: { business: "Studio Nova" },
  review_requested: { place: "Vita" },
  looks_added: {},
  welcome: { appName: "Termin" },
  discount_offered: { place: "Vita", percent: 20 },
};

describe("writeNotification", () => {
  it("writes the booking notice the Bulgarian page shows, on the place's clock", () => {
    expect(writeNotification("appointment_booked", APPOINTMENT, "bg")).toEqual({
      title: "Часът е запазен",
      body: "Manicure във Vita, четвъртък, 3 декември 2026 г. в 12:30.",
    });
  });

  it("writes the app's notices from their facts", () => {
    expect(writeNotification("form_requested", { business: "Studio Nova" }, "de")).toEqual({
      title: "Ein Formular zum Ausfüllen",
      body: "Studio Nova bittet Sie, vor Ihrem Besuch ein Formular auszufüllen.",
    });
    expect(writeNotification("welcome", { appName: "Termin" }, "en")?.title).toBe("Welcome to Termin");
  });

  it("has words for every kind in every language, with every placeholder filled", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const kind of NOTIFICATION_KINDS) {
        const written = writeNotification(kind, FACTS[kind], language);
        expect(written?.title, `${language} ${kind}`).toBeTruthy();
        expect(written?.body, `${language} ${kind}`).toBeTruthy();
        expect(`${written?.title} ${written?.body}`, `${language} ${kind}`).not.toMatch(/[{}]/);
      }
    }
  });

  it("writes a place's discount with the share as the reader's language writes it", () => {
    expect(writeNotification("discount_offered", FACTS.discount_offered, "en")).toEqual({
      title: "20% off this week",
      body: "Vita has 20% off every service this week, until Sunday. Book a time that suits you.",
    });
    expect(writeNotification("discount_offered", FACTS.discount_offered, "tr")?.title).toBe("Bu hafta %20 indirim");
    expect(writeNotification("discount_offered", FACTS.discount_offered, "de")?.title).toBe(
      "20\u00a0% Rabatt diese Woche",
    );
    expect(writeNotification("discount_offered", { place: "Vita" } as NotificationFacts, "en")).toBeUndefined();
  });

  it("offers a waitlist's seat for the minutes it is held, on the place's clock", () => {
    expect(writeNotification("waitlist_seat_offered", FACTS.waitlist_seat_offered, "en")).toEqual({
      title: "A seat is free for you",
      body: "A seat in Vinyasa flow at Lotus Yoga, Thursday, December 3, 2026 at 6:00 PM, is free. It is held for you for 30 minutes: book it before it passes to the next in line.",
    });
  });

  it("gives nothing for facts that do not fit an appointment's kind (the stored words are shown)", () => {
    expect(writeNotification("appointment_booked", { place: "Vita" }, "en")).toBeUndefined();
  });
});
