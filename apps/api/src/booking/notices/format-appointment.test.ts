import { describe, expect, it } from "vitest";
import { formatClockRange, formatDateAndTime } from "@termin/domain/time-format";
import { fillText, listNames } from "./format-appointment.ts";

describe("fillText", () => {
  it("replaces known placeholders and leaves unknown ones", () => {
    expect(fillText("{services} at {place} {other}", { services: "Manicure", place: "Nova" }, "en")).toBe(
      "Manicure at Nova {other}",
    );
  });

  it("writes Bulgarian в as във before a value that starts with в or ф", () => {
    expect(fillText("{services} в {place}", { services: "Маникюр", place: "Фризьорски салон" }, "bg")).toBe(
      "Маникюр във Фризьорски салон",
    );
    expect(fillText("{services} в {place}", { services: "Маникюр", place: "Вита" }, "bg")).toBe("Маникюр във Вита");
    expect(fillText("{services} в {place}", { services: "Маникюр", place: "Vision Studio" }, "bg")).toBe(
      "Маникюр във Vision Studio",
    );
    expect(fillText("{services} в {place}", { services: "Маникюр", place: "Студио Нова" }, "bg")).toBe(
      "Маникюр в Студио Нова",
    );
  });

  it("leaves other languages' words alone", () => {
    expect(fillText("{services} во {place}", { services: "Маникир", place: "Вита" }, "mk")).toBe("Маникир во Вита");
    expect(fillText("в {place}", { place: "Вита" }, "ru")).toBe("в Вита");
  });
});

describe("fillText's full stops", () => {
  it("ends a sentence once when a value ends with an abbreviation", () => {
    expect(fillText("Booked for {when}.", { when: "Sunday at 10:30 p.m." }, "en")).toBe(
      "Booked for Sunday at 10:30 p.m.",
    );
    expect(fillText("{when}. Then {other}", { when: "2026 г." }, "bg")).toBe("2026 г. Then {other}");
  });
});

describe("formatting in the place's zone", () => {
  // 08:30Z on 25 October 2026: 10:30 in Sofia (winter time began that night), 09:30 in Berlin.
  const start = new Date("2026-10-25T08:30:00Z");
  const end = new Date("2026-10-25T09:15:00Z");

  it("writes the start as the place's clock shows it, in the client's language", () => {
    expect(formatDateAndTime(start, "bg", "Europe/Sofia")).toBe("неделя, 25 октомври 2026 г. в 10:30");
    expect(formatDateAndTime(start, "de", "Europe/Berlin")).toBe("Sonntag, 25. Oktober 2026 um 09:30");
    expect(formatDateAndTime(start, "ru", "Europe/Sofia")).toBe("воскресенье, 25 октября 2026 г. в 10:30");
  });

  it("writes a service's time range", () => {
    expect(formatClockRange(start, end, "de", "Europe/Sofia")).toBe("10:30–11:15");
    expect(formatClockRange(start, end, "fr", "Europe/Sofia")).toBe("10:30–11:15");
  });

  it("lists names the language's way", () => {
    expect(listNames(["Manicure", "Pedicure", "Massage"], "en")).toBe("Manicure, Pedicure, and Massage");
    expect(listNames(["Маникюр", "Педикюр"], "bg")).toBe("Маникюр и Педикюр");
    expect(listNames(["Manicure"], "fr")).toBe("Manicure");
  });
});
