/** How a business asks for a service, class or membership to be paid (their settings). */
export type PaymentPolicy =
  { kind: "venue" } | { kind: "deposit"; depositType: "fixed" | "percent"; depositValue: number } | { kind: "prepay" };

/** A policy from its columns (services, memberships); a deposit without its kind or amount is none. */
export function paymentPolicyOf(columns: {
  paymentPolicy: "venue" | "deposit" | "prepay";
  depositType: "fixed" | "percent" | null;
  depositValue: number | null;
}): PaymentPolicy {
  if (columns.paymentPolicy === "deposit" && columns.depositType !== null && columns.depositValue !== null) {
    return { kind: "deposit", depositType: columns.depositType, depositValue: columns.depositValue };
  }
  return columns.paymentPolicy === "prepay" ? { kind: "prepay" } : { kind: "venue" };
}

/**
 * What is paid online before the visit, in minor units, for a total of `totalMinor`: nothing at the venue, the
 * whole for a prepayment, and for a deposit its fixed amount or percent (rounded up to a whole minor unit), never
 * more than the total. Zero means nothing is asked online.
 */
export function amountDueOnline(policy: PaymentPolicy, totalMinor: number): number {
  if (totalMinor <= 0) return 0;
  switch (policy.kind) {
    case "venue":
      return 0;
    case "prepay":
      return totalMinor;
    case "deposit": {
      const deposit =
        policy.depositType === "fixed" ? policy.depositValue : Math.ceil((totalMinor * policy.depositValue) / 100);
      return Math.min(deposit, totalMinor);
    }
  }
}
