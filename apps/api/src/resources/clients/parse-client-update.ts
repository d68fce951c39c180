import { z } from "zod";
import { GENDERS } from "@termin/contracts/client-resources";
import { birthdateProblem, earliestBirthdate, isoDate } from "@termin/domain/birthdates";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { isCountryCode } from "@termin/domain/phone-countries";
import { parseResourceDocument } from "../../jsonapi/request-body.ts";

/** Optional text: trimmed, at most `max` characters; empty or null clears it. */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .transform((value) => (value === "" ? null : value))
    .nullable();

const name = z.string().trim().min(1, "Enter a name.").max(100, "Use at most 100 characters.");

const birthdate = z
  .string()
  .superRefine((value, context) => {
    const today = isoDate(new Date());
    const problem = birthdateProblem(value, today);
    if (problem === "invalid_date") context.addIssue({ code: "custom", message: "Use a real date, YYYY-MM-DD." });
    if (problem === "in_future") context.addIssue({ code: "custom", message: "A birthdate must be in the past." });
    if (problem === "too_old") {
      context.addIssue({ code: "custom", message: `A birthdate must be on or after ${earliestBirthdate(today)}.` });
    }
  })
  .nullable();

const readOnly = (why: string) => z.never({ error: why }).optional();
const BUSINESS_MARK = "is the business's mark on a client: it can be read, not changed.";

const country = z.object({
  data: z
    .object({
      type: z.literal("countries", { error: 'The related resource must be of type "countries".' }),
      id: z.string().refine(isCountryCode, "Use an ISO 3166-1 alpha-2 country code, e.g. BG."),
    })
    .nullable(),
});

/**
 * What a client may change of their account. The read-only members are listed so that sending one is
 * answered with the reason at its pointer rather than a bare "unknown member"; anything else unknown is
 * refused too (a typo must not pass silently). The e-mail address has its own confirmed flow.
 */
export const clientUpdate = z.object({
  type: z.literal("clients"),
  id: z.string(),
  attributes: z
    .strictObject({
      first_name: name,
      last_name: name,
      phone: clearableText(30),
      gender: z.enum(GENDERS, { error: `Use one of ${GENDERS.join(", ")}, or null.` }).nullable(),
      birthdate,
      address: clearableText(200),
      city: clearableText(100),
      accept_marketing_notifications: z.boolean(),
      accept_online_appointments: z.boolean(),
      email: readOnly("The e-mail address cannot be changed by PATCH; it needs the confirmed change flow."),
      email_verified: readOnly("email_verified is set by confirming the address."),
      has_password: readOnly("has_password follows from setting a password (POST /auth/password)."),
      active: readOnly(`active ${BUSINESS_MARK}`),
      favorite: readOnly(`favorite ${BUSINESS_MARK}`),
      deleted_at: readOnly("deleted_at is set by deleting the account (DELETE /v1c/clients/{id})."),
    })
    .partial()
    .optional(),
  relationships: z
    .strictObject({
      language: z.object({
        data: z.object({
          type: z.literal("languages", { error: 'The related resource must be of type "languages".' }),
          id: z.enum(SUPPORTED_LANGUAGES, { error: `Use one of ${SUPPORTED_LANGUAGES.join(", ")}.` }),
        }),
      }),
      country,
      phoneCountry: country,
      avatar: readOnly("The avatar is changed with PUT /v1c/clients/{id}/avatar."),
    })
    .partial()
    .optional(),
});

export type ClientUpdate = z.infer<typeof clientUpdate>;

/**
 * A PATCH document of a client: 409 for a wrong type or id (the client's UUID, or the `me` the URL says), else every
 * bad member at once (422).
 */
export function parseClientUpdate(body: unknown, clientId: string, pathId: string): ClientUpdate {
  return parseResourceDocument(body, { type: "clients", id: [clientId, pathId], schema: clientUpdate });
}
