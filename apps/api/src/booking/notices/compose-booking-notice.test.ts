import { describe, expect, it } from "vitest";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import type { AppointmentDetails } from "./appointment-details.ts";
import { BOOKING_EVENTS, BOOKING_NOTICE_TEXTS } from "./booking-notice-texts.ts";
import { composeBookingNotice } from "./compose-booking-notice.ts";

const SITE = { publicUrl: "https://termin.test", appName: "Termin" };

/** Manicure then pedicure on Sunday 25 October 2026 from 10:30 in Sofia (08:30Z, winter time since that night). */
function details(language: Language, overrides: Partial<AppointmentDetails> = {}): AppointmentDetails {
  return {
    appointmentClientId: 42,
    statusId: APPOINTMENT_STATUS.new,
    calendarToken: "Tok_en-1",
    businessId: 7,
    siteOrigin: null,
    sequence: 0,
    startsAt: new Date("2026-10-25T08:30:00Z"),
    endsAt: new Date("2026-10-25T10:00:00Z"),
    createdAt: new Date("2026-10-01T00:00:00Z"),
    updatedAt: new Date("2026-10-01T00:00:00Z"),
    client: { id: "client-1", email: "maria@example.test", firstName: "Maria", language, deleted: false },
    location: { name: "Studio Nova", address: "1 Vitosha Blvd", city: "Sofia", timeZone: "Europe/Sofia" },
    services: [
      {
        name: "Manicure",
        startsAt: new Date("2026-10-25T08:30:00Z"),
        endsAt: new Date("2026-10-25T09:15:00Z"),
        employees: ["Ana Petrova"],
      },
      {
        name: "Pedicure",
        startsAt: new Date("2026-10-25T09:15:00Z"),
        endsAt: new Date("2026-10-25T10:00:00Z"),
        employees: [],
      },
    ],
    ...overrides,
  };
}

describe("composeBookingNotice", () => {
  it("writes the notification: title, the appointment in one sentence, the in-app path, its kind and facts", () => {
    const { notification } = composeBookingNotice(details("en"), "booked", SITE);
    expect(notification).toEqual({
      clientId: "client-1",
      businessId: 7,
      title: "Appointment booked",
      // Intl puts a space before AM (narrow no-break in newer ICU data).
      body: expect.stringMatching(/^Manicure and Pedicure at Studio Nova on Sunday, October 25, 2026 at 10:30\sAM\.$/),
      actionUrl: "/en/appointments/42",
      kind: "appointment_booked",
      facts: {
        appointmentClientId: 42,
        startsAt: "2026-10-25T08:30:00.000Z",
        timeZone: "Europe/Sofia",
        place: "Studio Nova",
        services: ["Manicure", "Pedicure"],
      },
    });
  });

  it("writes the mail in text and HTML with the place's local times and the links", () => {
    const { mail } = composeBookingNotice(details("en"), "rescheduled", SITE);
    expect(mail).toMatchObject({
      kind: "booking_rescheduled",
      to: "maria@example.test",
      language: "en",
      subject: "Appointment moved",
    });
    expect(mail.text).toContain("Hello Maria,\n\nYour appointment has been moved to a new time.");
    expect(mail.text).toMatch(/\nWhen: Sunday, October 25, 2026 at 10:30\sAM\n/);
    expect(mail.text).toContain("Where: Studio Nova, 1 Vitosha Blvd, Sofia");
    expect(mail.text).toMatch(
      /- 10:30\sAM\s–\s11:15\sAM Manicure with Ana Petrova\n- 11:15\sAM\s–\s12:00\sPM Pedicure\n/,
    );
    expect(mail.text).toContain("See your appointment\nhttps://termin.test/en/appointments/42");
    expect(mail.text).toContain("Add to calendar\nhttps://termin.test/calendar/Tok_en-1.ics");
    expect(mail.text).toMatch(/The Termin team$/);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('href="https://termin.test/en/appointments/42"');
    expect(mail.html).toContain('href="https://termin.test/calendar/Tok_en-1.ics"');
  });

  it("links back to the business's own domain it was booked on, never to PUBLIC_URL", () => {
    const { mail } = composeBookingNotice(details("en", { siteOrigin: "https://salon.example" }), "booked", SITE);
    expect(mail.text).toContain("https://salon.example/en/appointments/42");
    expect(mail.html).toContain('href="https://salon.example/calendar/Tok_en-1.ics"');
    expect(`${mail.text}${mail.html}`).not.toContain("termin.test");
  });

  it("links the calendar file only for a new or moved time", () => {
    const withLink = BOOKING_EVENTS.filter((event) =>
      composeBookingNotice(details("en"), event, SITE).mail.text.includes("/calendar/"),
    );
    expect(withLink).toEqual(["booked", "rescheduled"]);
  });

  it("escapes what businesses and clients typed in the HTML", () => {
    const hostile = details("en", {
      client: {
        id: "c",
        email: "x@example.test",
        firstName: '<img src=x onerror="alert(1)">',
        language: "en",
        deleted: false,
      },
      location: { name: "Nova & <b>Co</b>", address: '1 "Main" St', city: "Sofia", timeZone: "Europe/Sofia" },
    });
    const { mail, notification } = composeBookingNotice(hostile, "booked", SITE);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("Nova &amp; &lt;b&gt;Co&lt;/b&gt;");
    expect(mail.html).toContain("1 &quot;Main&quot; St");
    // Plain text stays as typed: the app shows notifications as text.
    expect(notification.body).toContain("Nova & <b>Co</b>");
  });

  it.each(SUPPORTED_LANGUAGES)("writes the %s notice in that language, every event", (language) => {
    for (const event of BOOKING_EVENTS) {
      const { notification, mail } = composeBookingNotice(details(language), event, SITE);
      const texts = BOOKING_NOTICE_TEXTS[language];
      expect(notification.title).toBe(texts.events[event].title);
      expect(notification.actionUrl).toBe(`/${language}/appointments/42`);
      expect(notification.body).toMatch(/10:30/);
      expect(notification.body).toMatch(/[.]$/);
      expect(notification.body).not.toMatch(/\.\.$/);
      expect(mail.subject).toBe(texts.events[event].title);
      expect(mail.language).toBe(language);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.text).toContain(texts.events[event].lead);
      expect(mail.text).toContain(texts.whenLabel);
    }
  });

  it("says the Bulgarian notice in Bulgarian, with the place's time", () => {
    const { notification, mail } = composeBookingNotice(
      details("bg", {
        client: { id: "c", email: "m@example.test", firstName: "Мария", language: "bg", deleted: false },
        services: [
          {
            name: "Маникюр",
            startsAt: new Date("2026-10-25T08:30:00Z"),
            endsAt: new Date("2026-10-25T09:15:00Z"),
            employees: ["Ана Петрова"],
          },
        ],
        location: { name: "Вита", address: "бул. Витоша 1", city: "София", timeZone: "Europe/Sofia" },
      }),
      "reminder",
      SITE,
    );
    expect(notification.title).toBe("Напомняне за час");
    expect(notification.body).toBe("Маникюр във Вита, неделя, 25 октомври 2026 г. в 10:30.");
    expect(mail.text).toMatch(/^Здравейте, Мария,\n\nНапомняме ви за предстоящия ви час\.\n\nКога: неделя/);
    expect(mail.text).toMatch(/- 10:30–11:15 Маникюр при Ана Петрова/);
    expect(mail.text).toMatch(/Екипът на Termin$/);
  });
});
