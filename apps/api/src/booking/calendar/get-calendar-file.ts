import type { AppConfig } from "@termin/config/env";
import type { Database } from "@termin/db/database";
import { AppError } from "../../http/app-error.ts";
import { loadAppointmentDetailsByCalendarToken } from "../notices/appointment-details.ts";
import { buildCalendarFile } from "./build-calendar-file.ts";

/** Tokens are 32 random bytes in base64url (43 characters); anything far from that names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const noSuchCalendar = () => new AppError("not_found", "There is no calendar file at this address.");

/**
 * The calendar file behind an appointment client's calendar token. The token is the only key (calendar apps send
 * no credentials), so an unknown token and the appointment of a deleted account both answer 404.
 */
export async function getCalendarFile(options: {
  db: Database;
  config: Pick<AppConfig, "publicUrl" | "appName">;
  token: string;
}): Promise<string> {
  if (!TOKEN.test(options.token)) throw noSuchCalendar();
  const details = await loadAppointmentDetailsByCalendarToken(options.db, options.token);
  if (!details || details.client.deleted) throw noSuchCalendar();
  return buildCalendarFile(details, options.config);
}
