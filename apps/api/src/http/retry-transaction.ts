import { sqlState } from "./database-errors.ts";

/**
 * SQLSTATEs after which the same transaction can simply run again: PostgreSQL rolled it back as the victim of a
 * deadlock (two bookings inserting clashing claims wait on each other) or of a serialization failure.
 */
const RETRYABLE = new Set(["40P01", "40001"]);

/** Runs a whole transaction, again (up to `attempts` times in all) when the database rolled it back to retry. */
export async function retryTransaction<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(sqlState(error) ?? "")) throw error;
    }
  }
}
