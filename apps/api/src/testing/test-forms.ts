import type { FormField } from "@termin/contracts/form-fields";
import type { Database } from "@termin/db/database";
import { formRequests, forms } from "@termin/db/account-schema";
import { businesses, businessTypes, currencies, type Names } from "@termin/db/catalogue-schema";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";

/** A form with one question of every type, each with the rules it can have. */
export const EVERY_FIELD_TYPE: FormField[] = [
  { key: "name", type: "text", label: "Full name", required: true, min: 2, max: 20 },
  { key: "notes", type: "long_text", label: "Notes", required: false, max: 50 },
  { key: "age", type: "number", label: "Age", required: true, min: 16, max: 120, integer: true },
  { key: "born", type: "date", label: "Date of birth", required: true, notAfterToday: true },
  { key: "skin", type: "single_choice", label: "Skin type", required: true, options: ["Dry", "Oily", "Normal"] },
  { key: "areas", type: "multiple_choice", label: "Areas", required: false, options: ["Face", "Back", "Legs"] },
  { key: "allergies", type: "yes_no", label: "Any allergies?", required: true },
  { key: "consent", type: "consent", label: "I agree to the treatment.", required: true },
];

/** Answers that fit EVERY_FIELD_TYPE. */
export const VALID_ANSWERS = {
  name: "Maria",
  notes: "Sensitive skin",
  age: 35,
  born: "1991-04-17",
  skin: "Dry",
  areas: ["Face", "Legs"],
  allergies: false,
  consent: true,
};

/** A business to send forms from, for tests without the demo catalogue. */
export async function createTestBusiness(db: Database, slug: string): Promise<number> {
  await db.insert(currencies).values({ code: "EUR", minorUnits: 2 }).onConflictDoNothing();
  const [type] = await db
    .insert(businessTypes)
    .values({
      slug: `type-${slug}`,
      names: Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, "Beauty salon"])) as Names,
    })
    .returning({ id: businessTypes.id });
  if (!type) throw new Error("An insert with returning answers its row.");
  const [business] = await db
    .insert(businesses)
    .values({ slug, name: `Studio ${slug}`, businessTypeId: type.id, currencyCode: "EUR", description: "" })
    .returning({ id: businesses.id });
  if (!business) throw new Error("An insert with returning answers its row.");
  return business.id;
}

/** A business sends a client a form (there is no business-side API yet); answers the sending's id. */
export async function sendTestForm(
  db: Database,
  options: { clientId: string; businessId: number; name?: string; fields?: FormField[]; sentAt?: Date },
): Promise<string> {
  const [form] = await db
    .insert(forms)
    .values({
      businessId: options.businessId,
      name: options.name ?? "Treatment consent",
      deliveryType: "before_first_visit",
      fields: options.fields ?? EVERY_FIELD_TYPE,
    })
    .returning({ id: forms.id });
  if (!form) throw new Error("An insert with returning answers its row.");
  const [request] = await db
    .insert(formRequests)
    .values({ formId: form.id, clientId: options.clientId, sentAt: options.sentAt ?? new Date() })
    .returning({ id: formRequests.id });
  if (!request) throw new Error("An insert with returning answers its row.");
  return request.id;
}
