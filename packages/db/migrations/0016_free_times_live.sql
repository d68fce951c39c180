-- Free times and seats change live on open pages (decision 0048): the transaction that writes a claim, a seat or a
-- hold sends what changed with pg_notify, which every process listening hears when it commits (never when it rolls
-- back), whatever code path, job, script or process wrote. Only public facts: a location and the span whose free
-- times changed, a session's seats left, when a hold's time frees by itself. Times are epoch milliseconds.
CREATE FUNCTION "announce_claim_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT changed.location_id, min(lower(changed.during)) AS starts, max(upper(changed.during)) AS ends FROM (
      SELECT e.location_id, c.during FROM changed_claims c JOIN employees e ON e.id = c.employee_id
      UNION ALL
      SELECT r.location_id, c.during FROM changed_claims c JOIN resources r ON r.id = c.resource_id
    ) changed GROUP BY changed.location_id
  LOOP
    PERFORM pg_notify('termin_free_times', json_build_object(
      'location_id', change.location_id,
      'from', (extract(epoch FROM change.starts) * 1000)::bigint,
      'to', (extract(epoch FROM change.ends) * 1000)::bigint)::text);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "booking_claims_inserted_announced" AFTER INSERT ON "booking_claims"
  REFERENCING NEW TABLE AS changed_claims FOR EACH STATEMENT EXECUTE FUNCTION "announce_claim_changes"();--> statement-breakpoint
-- An update announces the span a claim left and the span it came to (a move), each from a trigger of its own.
CREATE TRIGGER "booking_claims_updated_from_announced" AFTER UPDATE ON "booking_claims"
  REFERENCING OLD TABLE AS changed_claims FOR EACH STATEMENT EXECUTE FUNCTION "announce_claim_changes"();--> statement-breakpoint
CREATE TRIGGER "booking_claims_updated_to_announced" AFTER UPDATE ON "booking_claims"
  REFERENCING NEW TABLE AS changed_claims FOR EACH STATEMENT EXECUTE FUNCTION "announce_claim_changes"();--> statement-breakpoint
CREATE TRIGGER "booking_claims_deleted_announced" AFTER DELETE ON "booking_claims"
  REFERENCING OLD TABLE AS changed_claims FOR EACH STATEMENT EXECUTE FUNCTION "announce_claim_changes"();--> statement-breakpoint
-- Seats left as the sessions API counts them (find-session.ts seatsLeftSql): held seats of expired holds are free.
CREATE FUNCTION "announce_seat_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('termin_seats', json_build_object(
    'appointment_id', NEW.id,
    'location_id', NEW.location_id,
    'seats_left', CASE WHEN NEW.cancelled_at IS NOT NULL THEN 0 ELSE greatest(0, NEW.capacity - NEW.seats_taken + coalesce(
      (SELECT sum(h.seats_count) FROM booking_holds h WHERE h.appointment_id = NEW.id AND h.expires_at <= now()), 0))
    END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_seats_announced" AFTER UPDATE OF seats_taken, cancelled_at ON "appointments"
  FOR EACH ROW WHEN (NEW.capacity IS NOT NULL AND (OLD.seats_taken, OLD.cancelled_at) IS DISTINCT FROM (NEW.seats_taken, NEW.cancelled_at))
  EXECUTE FUNCTION "announce_seat_changes"();--> statement-breakpoint
-- A hold frees its time or its seats by expiring, with no write: each process sets a timer for it from this.
CREATE FUNCTION "announce_hold_expiries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hold record;
BEGIN
  FOR hold IN
    SELECT h.location_id, h.appointment_id, h.expires_at, min(h.starts_at) AS starts, max(h.ends_at) AS ends
    FROM written_holds h GROUP BY h.location_id, h.appointment_id, h.expires_at
  LOOP
    PERFORM pg_notify('termin_hold_expiries', json_build_object(
      'location_id', hold.location_id,
      'appointment_id', hold.appointment_id,
      'expires_at', (extract(epoch FROM hold.expires_at) * 1000)::bigint,
      'from', (extract(epoch FROM hold.starts) * 1000)::bigint,
      'to', (extract(epoch FROM hold.ends) * 1000)::bigint)::text);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "booking_holds_inserted_announced" AFTER INSERT ON "booking_holds"
  REFERENCING NEW TABLE AS written_holds FOR EACH STATEMENT EXECUTE FUNCTION "announce_hold_expiries"();--> statement-breakpoint
CREATE TRIGGER "booking_holds_updated_announced" AFTER UPDATE ON "booking_holds"
  REFERENCING NEW TABLE AS written_holds FOR EACH STATEMENT EXECUTE FUNCTION "announce_hold_expiries"();
