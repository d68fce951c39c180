/**
 * How a client's place is paid, with fixed ids like the appointment statuses (the `paymentMethod` relationship of
 * appointment-clients names them): at the venue, online through a payment link, or by a membership's credit.
 */
export const PAYMENT_METHOD = {
  venue: 1,
  online: 2,
  membership: 3,
} as const;

export type PaymentMethodName = keyof typeof PAYMENT_METHOD;

export const PAYMENT_METHODS: ReadonlyArray<{ id: number; name: PaymentMethodName }> = [
  { id: PAYMENT_METHOD.venue, name: "venue" },
  { id: PAYMENT_METHOD.online, name: "online" },
  { id: PAYMENT_METHOD.membership, name: "membership" },
];
