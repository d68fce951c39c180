import { sql } from "drizzle-orm";
import { exchangeRates } from "../catalogue-schema.ts";
import type { Database } from "../database.ts";

/** The day of the rates below; a change of rates changes it too. */
export const EXCHANGE_RATE_DATE = "2024-06-28";

const ECB = "ECB euro foreign exchange reference rates (eurofxref-daily.xml)";

/**
 * What one euro bought on EXCHANGE_RATE_DATE, for the currencies the catalogue prices in (and BGN, which the
 * ECB still published then). The ECB publishes no rate for the denar or, since March 2022, the rouble: those
 * two come from the issuing central banks and are rounded, as their sources say.
 */
export const EXCHANGE_RATES: ReadonlyArray<{ currencyCode: string; perEuro: string; source: string }> = [
  { currencyCode: "EUR", perEuro: "1", source: "The base currency" },
  { currencyCode: "BGN", perEuro: "1.9558", source: ECB },
  { currencyCode: "GBP", perEuro: "0.84638", source: ECB },
  { currencyCode: "RON", perEuro: "4.9773", source: ECB },
  { currencyCode: "TRY", perEuro: "35.1868", source: ECB },
  {
    currencyCode: "MKD",
    perEuro: "61.5",
    source: "National Bank of the Republic of North Macedonia: the denar is held at about 61.5 per euro",
  },
  {
    currencyCode: "RUB",
    perEuro: "91.8",
    source: "Bank of Russia official rate, rounded (its US dollar rate times the ECB's 1.0705 dollars per euro)",
  },
];

/** Writes the rates, replacing those of an earlier date (reference data: idempotent, run at every start). */
export async function seedExchangeRates(db: Database): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(EXCHANGE_RATES.map((rate) => ({ ...rate, rateDate: EXCHANGE_RATE_DATE })))
    .onConflictDoUpdate({
      target: exchangeRates.currencyCode,
      set: { perEuro: sql`excluded.per_euro`, rateDate: sql`excluded.rate_date`, source: sql`excluded.source` },
    });
}
