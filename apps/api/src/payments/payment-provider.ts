/** A payment link as a provider's checkout needs it. */
export interface LinkForCheckout {
  id: number;
  token: string;
  amountMinor: number;
  currencyCode: string;
  /** What the client pays for, in their language ("Deposit: Balayage at Studio Lena"). */
  description: string;
  language: string;
  /** When the link is released: the session should not outlive it. */
  releaseAt: Date;
}

/** A provider's checkout session as seen now. */
export type SessionState = { state: "open"; url: string } | { state: "paid"; paymentId: string } | { state: "expired" };

/**
 * Who takes the money: Stripe Checkout, or the demonstration provider (a checkout page of ours where no money
 * moves). Each call runs outside any database transaction.
 */
export interface PaymentProvider {
  readonly name: "stripe" | "demo";
  createCheckout(link: LinkForCheckout, returnUrl: string): Promise<{ sessionId: string; url: string }>;
  sessionState(sessionId: string): Promise<SessionState>;
  /** Ends an open session, so it can no longer be paid; one already ended is left as it is. */
  expireSession(sessionId: string): Promise<void>;
  /** Gives a payment back in full; the key makes a repeated call refund once. */
  refund(paymentId: string, idempotencyKey: string): Promise<void>;
}
