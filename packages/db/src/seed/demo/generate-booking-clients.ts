import type { clients } from "../../account-schema.ts";
import type { CitySeed, LocaleSeed } from "./demo-data-types.ts";
import type { Rows } from "./generate-catalogue.ts";
import type { Random } from "./random.ts";
import { slugify } from "./slugify.ts";

/** Clients who book at the demo's places; accounts without a password (they cannot sign in). */
export const CLIENTS_PER_CITY = 2;

/** A stable client id in a block of its own: prefix "c1" for the demo's clients, "b1" for the bench's. */
export const demoClientId = (prefix: string, index: number) =>
  `00000000-0000-4000-8000-0000${prefix}${String(index + 1).padStart(6, "0")}`;

/** A local name in the locale's script, with the feminine surname where the language has one ("Петрова"). */
export function localName(locale: LocaleSeed, random: Random) {
  const female = random.chance(0.7);
  const surname = random.int(0, locale.lastNames.length - 1);
  return {
    female,
    firstName: random.pick(female ? locale.firstNames.female : locale.firstNames.male),
    lastName: (female ? locale.lastNamesFemale?.[surname] : undefined) ?? locale.lastNames[surname] ?? "",
  };
}

/**
 * Client accounts living in a city, named in its language: "elena.petrova@example.com".
 */
export function generateBookingClients(
  city: CitySeed,
  locale: LocaleSeed,
  options: {
    count: number;
    prefix: string;
    firstIndex: number;
    usedEmails: Set<string>;
    /** Of the e-mail addresses: example.com by default (reserved, so no mail of the demo reaches anyone). */
    domain?: string;
    /** They signed up within the year before this instant. */
    signedUpBefore: Date;
    random: Random;
  },
): Rows<typeof clients> {
  const { random, usedEmails } = options;
  return Array.from({ length: options.count }, (_, offset) => {
    const { female, firstName, lastName } = localName(locale, random);
    const base = `${slugify(firstName)}.${slugify(lastName)}`.replaceAll("-", ".");
    const domain = options.domain ?? "example.com";
    let email = `${base}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${domain}`;
    usedEmails.add(email);
    const signedUp = new Date(
      Date.UTC(2026, random.int(0, 9), random.int(1, 28), random.int(7, 22), random.int(0, 59)),
    );
    return {
      id: demoClientId(options.prefix, options.firstIndex + offset),
      email,
      passwordHash: null,
      emailVerifiedAt: new Date(signedUp.getTime() + 10 * 60_000),
      firstName,
      lastName,
      gender: female ? "female" : "male",
      city: city.names[city.language],
      country: city.country,
      language: city.language,
      acceptOnlineAppointments: true,
      createdAt: signedUp,
    };
  });
}
