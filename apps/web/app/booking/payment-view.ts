/** How a client's place is paid, as their appointment pages say it. */
export interface PaymentView {
  /** The payment method: at the venue, online through a payment link, or a membership's credit. */
  method: "venue" | "online" | "membership";
  /** The payment link of an online payment: due (with its page), paid, released unpaid, or refunded. */
  link: {
    state: "due" | "paid" | "expired" | "refunded";
    amountMinor: number;
    currency: string;
    url: string;
    /** A deposit (part of the total) rather than the whole price. */
    deposit: boolean;
    /** What is left to pay at the venue after a deposit (0 when the link is the whole price). */
    restMinor: number;
    /** "in 25 minutes", while due: when the booking is released unpaid. */
    releasedIn: string | null;
  } | null;
}

/** A payment link's page in the client's language (the page is the server's; it opens the provider's checkout). */
export function payPageUrl(url: string, language: string): string {
  return `${url}?${new URLSearchParams({ lang: language })}`;
}
