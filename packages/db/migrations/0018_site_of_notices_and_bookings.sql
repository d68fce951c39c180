-- A notification names the business it is about, so one business's site lists only its own (decision 0046); those
-- sent about an appointment before get its place's business. An appointment client keeps the origin of the
-- business's domain it was booked on, for the links of its e-mails and calendar file.
ALTER TABLE "notifications" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "appointment_clients" ADD COLUMN "site_origin" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "notifications" AS "n" SET "business_id" = "l"."business_id" FROM "appointment_clients" AS "ac" JOIN "appointments" AS "a" ON "a"."id" = "ac"."appointment_id" JOIN "locations" AS "l" ON "l"."id" = "a"."location_id" WHERE "n"."facts" ->> 'appointmentClientId' ~ '^[0-9]+$' AND "ac"."id" = ("n"."facts" ->> 'appointmentClientId')::integer;
