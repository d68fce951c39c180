import { sql, type SQL } from "drizzle-orm";
import { check, integer, text, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * How a service, class or membership is paid, chosen by the business: at the venue (nothing online), a deposit
 * online (a fixed amount in minor units, or a percent of the price), or the whole price online before the visit.
 */
export const paymentPolicyColumns = () => ({
  paymentPolicy: text("payment_policy", { enum: ["venue", "deposit", "prepay"] })
    .notNull()
    .default("venue"),
  depositType: text("deposit_type", { enum: ["fixed", "percent"] }),
  /** Minor units for a fixed deposit, 1-100 for a percent. */
  depositValue: integer("deposit_value"),
});

/** A deposit names its kind and a positive amount; other policies name neither. */
export function paymentPolicyCheck(
  table: string,
  columns: { paymentPolicy: AnyPgColumn; depositType: AnyPgColumn; depositValue: AnyPgColumn },
) {
  const { paymentPolicy, depositType, depositValue } = columns;
  const rule: SQL = sql`case when ${paymentPolicy} = 'deposit'
      then ${depositType} is not null and ${depositValue} > 0 and (${depositType} = 'fixed' or ${depositValue} <= 100)
      else ${depositType} is null and ${depositValue} is null end`;
  return check(`${table}_payment_policy`, rule);
}
