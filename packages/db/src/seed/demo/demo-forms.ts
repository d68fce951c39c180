import { asc, eq } from "drizzle-orm";
import type { FormAnswerValues, FormField } from "@termin/contracts/form-fields";
import { formAnswers, formRequests, forms } from "../../account-schema.ts";
import { businesses, businessTypes, cities, locations } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { DEMO_CLIENT } from "./demo-client.ts";

type DeliveryType = (typeof forms.$inferInsert)["deliveryType"];

interface DemoForm {
  /** Who sends it: a business of this type, in this city if the catalogue has one there. */
  from: { type: string; city: string };
  name: string;
  deliveryType: DeliveryType;
  fields: FormField[];
  sentDaysAgo: number;
  /** Already answered by the demo client (a day after it came). */
  answers?: FormAnswerValues;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * What businesses sent the demo client: four forms waiting for answers (one per width the browser tests
 * fill in) and one answered. Written as the business would, in English or the city's language; together
 * they use every field type.
 */
export const DEMO_FORMS: DemoForm[] = [
  {
    from: { type: "hair-salon", city: "manchester" },
    name: "New client intake",
    deliveryType: "before_first_visit",
    sentDaysAgo: 1,
    fields: [
      { key: "full_name", type: "text", label: "Full name", required: true, min: 2, max: 80 },
      {
        key: "date_of_birth",
        type: "date",
        label: "Date of birth",
        help: "Some colour treatments are for over-16s only.",
        required: true,
        notAfterToday: true,
      },
      {
        key: "hair_type",
        type: "single_choice",
        label: "Your hair type",
        required: true,
        options: ["Straight", "Wavy", "Curly", "Coily"],
      },
      {
        key: "interests",
        type: "multiple_choice",
        label: "What are you interested in?",
        required: false,
        options: ["Cut and finish", "Colour", "Highlights", "Keratin smoothing", "Wedding and event hair"],
      },
      {
        key: "coloured_recently",
        type: "yes_no",
        label: "Has your hair been coloured in the last six months?",
        required: true,
      },
      {
        key: "notes",
        type: "long_text",
        label: "Anything we should know?",
        help: "Sensitivities, hair goals, photos you will bring…",
        required: false,
        max: 500,
      },
      { key: "offers", type: "consent", label: "Send me occasional offers by e-mail.", required: false },
    ],
  },
  {
    from: { type: "nail-salon", city: "london" },
    name: "Patch test consent",
    deliveryType: "before_each_visit",
    sentDaysAgo: 2,
    fields: [
      {
        key: "had_reaction",
        type: "yes_no",
        label: "Have you ever reacted to gel, acrylic or nail glue?",
        required: true,
      },
      { key: "allergies", type: "long_text", label: "Known allergies", required: false, max: 300 },
      {
        key: "patch_test_date",
        type: "date",
        label: "When did you do your patch test?",
        help: "At least 48 hours before your appointment.",
        required: true,
        notAfterToday: true,
      },
      {
        key: "understood",
        type: "consent",
        label:
          "I understand that the patch test must be done at least 48 hours before the treatment and that I must tell the salon about any reaction.",
        required: true,
      },
    ],
  },
  {
    from: { type: "beauty-salon", city: "sofia" },
    name: "Health questionnaire",
    deliveryType: "on_request",
    sentDaysAgo: 5,
    fields: [
      {
        key: "emergency_contact",
        type: "text",
        label: "Emergency contact (name and phone)",
        required: true,
        max: 100,
      },
      { key: "age", type: "number", label: "Age", required: true, min: 16, max: 120, integer: true },
      {
        key: "tension",
        type: "number",
        label: "Pain or tension today",
        help: "From 0 (none) to 10 (severe).",
        required: false,
        min: 0,
        max: 10,
        integer: true,
      },
      {
        key: "last_treatment",
        type: "date",
        label: "Date of your last massage or facial",
        required: false,
        notAfterToday: true,
      },
      {
        key: "pressure",
        type: "single_choice",
        label: "Preferred pressure",
        required: true,
        options: ["Light", "Medium", "Firm"],
      },
      {
        key: "focus_areas",
        type: "multiple_choice",
        label: "Areas to focus on",
        required: false,
        options: ["Neck", "Shoulders", "Upper back", "Lower back", "Legs", "Feet"],
      },
      { key: "pregnant", type: "yes_no", label: "Are you pregnant or breastfeeding?", required: true },
      { key: "blood_pressure", type: "yes_no", label: "Do you have high or low blood pressure?", required: true },
      {
        key: "conditions",
        type: "long_text",
        label: "Medication or health conditions we should know about",
        required: false,
        max: 1000,
      },
      {
        key: "accurate",
        type: "consent",
        label: "I confirm that this information is correct and I will tell my therapist about any changes.",
        required: true,
      },
    ],
  },
  {
    from: { type: "yoga-studio", city: "sofia" },
    name: "Анкета преди първия час",
    deliveryType: "before_first_visit",
    sentDaysAgo: 9,
    fields: [
      {
        key: "experience",
        type: "single_choice",
        label: "Какъв опит имате с йога?",
        required: true,
        options: ["Нямам опит", "Начинаещ", "Практикувам редовно"],
      },
      {
        key: "goals",
        type: "multiple_choice",
        label: "Какво искате да постигнете?",
        required: false,
        options: ["Гъвкавост", "Сила", "Спокойствие и по-добър сън", "По-малко болки в гърба"],
      },
      {
        key: "injuries",
        type: "long_text",
        label: "Травми или операции през последните 12 месеца",
        required: false,
        max: 500,
      },
      { key: "pregnant", type: "yes_no", label: "Бременна ли сте?", required: true },
      {
        key: "rules",
        type: "consent",
        label: "Запознат/а съм с правилата на студиото и практикувам на своя отговорност.",
        required: true,
      },
    ],
  },
  {
    from: { type: "nail-salon", city: "sofia" },
    name: "Appointment policy",
    deliveryType: "on_request",
    sentDaysAgo: 20,
    fields: [
      {
        key: "reminder_channel",
        type: "single_choice",
        label: "How should we remind you of appointments?",
        required: true,
        options: ["Phone call", "SMS", "E-mail"],
      },
      {
        key: "reminder_hours",
        type: "number",
        label: "How many hours before the appointment?",
        required: false,
        min: 1,
        max: 72,
        integer: true,
      },
      {
        key: "late_cancellation",
        type: "consent",
        label: "I understand that appointments cancelled less than 24 hours ahead may be charged 50%.",
        required: true,
      },
    ],
    answers: { reminder_channel: "SMS", reminder_hours: 24, late_cancellation: true },
  },
];

/** The catalogue's businesses with their type and cities, to pick senders from. */
async function businessesByTypeAndCity(db: Database) {
  return db
    .selectDistinct({ id: businesses.id, type: businessTypes.slug, city: cities.slug })
    .from(businesses)
    .innerJoin(businessTypes, eq(businessTypes.id, businesses.businessTypeId))
    .innerJoin(locations, eq(locations.businessId, businesses.id))
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .orderBy(asc(businesses.id));
}

/** Sends the demo client the demo forms (after insertDemoClient); a smaller catalogue falls back to other senders. */
export async function insertDemoForms(db: Database, now = new Date()): Promise<void> {
  const senders = await businessesByTypeAndCity(db);
  for (const demo of DEMO_FORMS) {
    const sender =
      senders.find(({ type, city }) => type === demo.from.type && city === demo.from.city) ??
      senders.find(({ type }) => type === demo.from.type) ??
      senders[0];
    if (!sender) return;
    const sentAt = new Date(now.getTime() - demo.sentDaysAgo * DAY);
    const [form] = await db
      .insert(forms)
      .values({ businessId: sender.id, name: demo.name, deliveryType: demo.deliveryType, fields: demo.fields })
      .returning({ id: forms.id });
    if (!form) throw new Error("An insert with returning answers its row.");
    const [request] = await db
      .insert(formRequests)
      .values({ formId: form.id, clientId: DEMO_CLIENT.id, sentAt })
      .returning({ id: formRequests.id });
    if (!request) throw new Error("An insert with returning answers its row.");
    if (demo.answers) {
      await db.insert(formAnswers).values({
        formRequestId: request.id,
        clientId: DEMO_CLIENT.id,
        values: demo.answers,
        submittedAt: new Date(sentAt.getTime() + DAY + 3 * HOUR),
      });
    }
  }
}
