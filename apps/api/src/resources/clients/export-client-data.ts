import { asc, eq } from "drizzle-orm";
import {
  clients,
  formAnswers,
  formRequests,
  forms,
  likes,
  notifications,
  userLocations,
} from "@termin/db/account-schema";
import { locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { AppError } from "../../http/app-error.ts";
import { clientColumns } from "./find-client.ts";
import { toClientResource } from "./serialize.ts";

/**
 * Everything kept about a client, for them to download (right of access and portability, GDPR articles 15
 * and 20): the profile and every record of theirs, as plain JSON with the API's field names. Secrets
 * (password hash, tokens) are left out: they are not data about the person, and a leaked export must not
 * sign anyone in.
 */
export async function exportClientData(options: { db: Database; clientId: string; now?: Date }) {
  const { db, clientId } = options;
  const [[row], formRows, notificationRows, savedLocationRows, likeRows] = await Promise.all([
    db
      .select({ ...clientColumns, createdAt: clients.createdAt })
      .from(clients)
      .where(eq(clients.id, clientId)),
    db
      .select({
        form: forms.name,
        sent_at: formRequests.sentAt,
        submitted_at: formAnswers.submittedAt,
        answers: formAnswers.values,
      })
      .from(formRequests)
      .innerJoin(forms, eq(forms.id, formRequests.formId))
      .leftJoin(formAnswers, eq(formAnswers.formRequestId, formRequests.id))
      .where(eq(formRequests.clientId, clientId))
      .orderBy(asc(formRequests.sentAt)),
    db
      .select({
        title: notifications.title,
        body: notifications.body,
        action_url: notifications.actionUrl,
        read_at: notifications.readAt,
        created_at: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.clientId, clientId))
      .orderBy(asc(notifications.createdAt)),
    db
      .select({
        location_id: locations.id,
        slug: locations.slug,
        name: locations.name,
        saved_at: userLocations.createdAt,
      })
      .from(userLocations)
      .innerJoin(locations, eq(locations.id, userLocations.locationId))
      .where(eq(userLocations.clientId, clientId))
      .orderBy(asc(userLocations.createdAt)),
    db
      .select({ media_id: likes.mediaId, liked_at: likes.createdAt })
      .from(likes)
      .where(eq(likes.clientId, clientId))
      .orderBy(asc(likes.createdAt)),
  ]);
  if (!row) throw new AppError("not_found", `No client has the id ${clientId}.`);
  return {
    exported_at: (options.now ?? new Date()).toISOString(),
    profile: {
      id: row.id,
      ...toClientResource(row).attributes,
      phone_country: row.phoneCountry,
      country: row.country,
      language: row.language,
      avatar_url: row.avatarId ? `/avatars/${row.avatarId}?s=512` : null,
      created_at: row.createdAt.toISOString(),
    },
    forms: formRows,
    notifications: notificationRows,
    saved_locations: savedLocationRows,
    likes: likeRows,
  };
}
