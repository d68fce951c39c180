import { clients } from "../../account-schema.ts";
import type { Database } from "../../database.ts";

/**
 * The demo's signed-up client, so a visitor can try the client's area at once (README). The password is
 * public on purpose; the stored value is its argon2id hash, as for any account.
 */
export const DEMO_CLIENT = {
  id: "00000000-0000-4000-8000-00000000d3e0",
  email: "demo@termin.app",
  password: "termin-demo",
  passwordHash: "$argon2id$v=19$m=19456,p=1,t=2$xvZOAk0cT51y1IarF07Zuw$d3rYGznvBTo15pWhm/tvZFs2c89PbEOhtMfi7ESqFNs",
  firstName: "Maria",
  lastName: "Ivanova",
} as const;

export async function insertDemoClient(db: Database): Promise<void> {
  await db.insert(clients).values({
    id: DEMO_CLIENT.id,
    email: DEMO_CLIENT.email,
    passwordHash: DEMO_CLIENT.passwordHash,
    emailVerifiedAt: new Date("2026-01-10T09:00:00Z"),
    firstName: DEMO_CLIENT.firstName,
    lastName: DEMO_CLIENT.lastName,
    phone: "888123456",
    phoneCountry: "BG",
    gender: "female",
    birthdate: "1991-04-17",
    address: "ul. Shipka 12",
    city: "Sofia",
    country: "BG",
    language: "en",
    acceptMarketingNotifications: false,
    acceptOnlineAppointments: true,
  });
}
