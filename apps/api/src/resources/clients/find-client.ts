import { and, eq, isNull } from "drizzle-orm";
import { clients } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";

/** The columns a client resource shows: never the password hash, only whether there is one. */
export const clientColumns = {
  id: clients.id,
  email: clients.email,
  emailVerifiedAt: clients.emailVerifiedAt,
  passwordHash: clients.passwordHash,
  firstName: clients.firstName,
  lastName: clients.lastName,
  phone: clients.phone,
  phoneCountry: clients.phoneCountry,
  gender: clients.gender,
  birthdate: clients.birthdate,
  address: clients.address,
  city: clients.city,
  country: clients.country,
  language: clients.language,
  avatarId: clients.avatarId,
  acceptMarketingNotifications: clients.acceptMarketingNotifications,
  acceptOnlineAppointments: clients.acceptOnlineAppointments,
  active: clients.active,
  favorite: clients.favorite,
  deletedAt: clients.deletedAt,
};

export type ClientRow = { [K in keyof typeof clientColumns]: (typeof clients.$inferSelect)[K] };

/** A live (not deleted) account by id. */
export async function findClient(db: Database, id: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.id, id), isNull(clients.deletedAt)));
  return row;
}
