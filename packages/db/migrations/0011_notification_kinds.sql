ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "facts" jsonb;--> statement-breakpoint
-- Booking notices sent before notifications kept their kind: the title (in the account's language, which the
-- action URL /{language}/appointments/{id} names) tells the kind, and the appointment gives the facts, so these
-- too are written in the reader's language. Other messages keep their words.
UPDATE "notifications" AS n
SET "kind" = t.kind,
  "facts" = jsonb_build_object(
    'appointmentClientId', ac."id",
    'startsAt', to_char(a."starts_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'timeZone', l."time_zone",
    'place', l."name",
    'services', coalesce((
      SELECT jsonb_agg(named.name ORDER BY named.first)
      FROM (
        SELECT sv."name" || coalesce(' (' || sp."name" || ')', '') AS name,
          min(aps."position"::bigint * 2147483648 + aps."id") AS first
        FROM "appointment_services" aps
        JOIN "service_prices" sp ON sp."id" = aps."service_price_id"
        JOIN "services" sv ON sv."id" = sp."service_id"
        WHERE aps."appointment_id" = a."id"
        GROUP BY 1
      ) AS named
    ), '[]'::jsonb)
  )
FROM (VALUES
  ('bg', 'Часът е запазен', 'appointment_booked'),
  ('bg', 'Часът е преместен', 'appointment_rescheduled'),
  ('bg', 'Часът е отменен', 'appointment_cancelled'),
  ('bg', 'Напомняне за час', 'appointment_reminder'),
  ('en', 'Appointment booked', 'appointment_booked'),
  ('en', 'Appointment moved', 'appointment_rescheduled'),
  ('en', 'Appointment cancelled', 'appointment_cancelled'),
  ('en', 'Appointment reminder', 'appointment_reminder'),
  ('de', 'Termin gebucht', 'appointment_booked'),
  ('de', 'Termin verschoben', 'appointment_rescheduled'),
  ('de', 'Termin storniert', 'appointment_cancelled'),
  ('de', 'Terminerinnerung', 'appointment_reminder'),
  ('es', 'Cita reservada', 'appointment_booked'),
  ('es', 'Cita cambiada de hora', 'appointment_rescheduled'),
  ('es', 'Cita cancelada', 'appointment_cancelled'),
  ('es', 'Recordatorio de cita', 'appointment_reminder'),
  ('it', 'Appuntamento prenotato', 'appointment_booked'),
  ('it', 'Appuntamento spostato', 'appointment_rescheduled'),
  ('it', 'Appuntamento annullato', 'appointment_cancelled'),
  ('it', 'Promemoria appuntamento', 'appointment_reminder'),
  ('fr', 'Rendez-vous réservé', 'appointment_booked'),
  ('fr', 'Rendez-vous déplacé', 'appointment_rescheduled'),
  ('fr', 'Rendez-vous annulé', 'appointment_cancelled'),
  ('fr', 'Rappel de rendez-vous', 'appointment_reminder'),
  ('tr', 'Randevunuz alındı', 'appointment_booked'),
  ('tr', 'Randevunuzun saati değişti', 'appointment_rescheduled'),
  ('tr', 'Randevunuz iptal edildi', 'appointment_cancelled'),
  ('tr', 'Randevu hatırlatması', 'appointment_reminder'),
  ('ro', 'Programare înregistrată', 'appointment_booked'),
  ('ro', 'Programare mutată', 'appointment_rescheduled'),
  ('ro', 'Programare anulată', 'appointment_cancelled'),
  ('ro', 'Memento programare', 'appointment_reminder'),
  ('el', 'Το ραντεβού κλείστηκε', 'appointment_booked'),
  ('el', 'Το ραντεβού μετακινήθηκε', 'appointment_rescheduled'),
  ('el', 'Το ραντεβού ακυρώθηκε', 'appointment_cancelled'),
  ('el', 'Υπενθύμιση ραντεβού', 'appointment_reminder'),
  ('mk', 'Терминот е закажан', 'appointment_booked'),
  ('mk', 'Терминот е поместен', 'appointment_rescheduled'),
  ('mk', 'Терминот е откажан', 'appointment_cancelled'),
  ('mk', 'Потсетник за термин', 'appointment_reminder'),
  ('ru', 'Запись оформлена', 'appointment_booked'),
  ('ru', 'Запись перенесена', 'appointment_rescheduled'),
  ('ru', 'Запись отменена', 'appointment_cancelled'),
  ('ru', 'Напоминание о записи', 'appointment_reminder')

) AS t(language, title, kind),
  "appointment_clients" ac,
  "appointments" a,
  "locations" l
WHERE n."kind" IS NULL
  AND n."title" = t.title
  AND n."action_url" ~ ('^/' || t.language || '/appointments/[0-9]{1,9}$')
  AND ac."id" = substring(n."action_url" FROM '[0-9]+$')::integer
  AND a."id" = ac."appointment_id"
  AND l."id" = a."location_id";
