import type { ResourceObject } from "./jsonapi.ts";

/** `payment-links`: what a booking or a membership asks to be paid online, and where. */
export interface PaymentLinkAttributes {
  /** In the currency's minor units, like an appointment client's total_amount. */
  amount: number;
  currency_code: string;
  /** Our page that opens the provider's checkout. */
  url: string;
  /** Unpaid then, the booking is released (ISO 8601, UTC). */
  expires_at: string;
  paid_at: string | null;
  released_at: string | null;
  refunded_at: string | null;
}
export type PaymentLinkResource = ResourceObject<"payment-links", PaymentLinkAttributes>;
