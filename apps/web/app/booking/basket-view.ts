/** A basket entry as the basket and checkout pages show it (basket-data.ts words it). */
export interface BasketLine {
  key: string;
  serviceName: string;
  variantName: string | null;
  /** null: any employee. */
  employeeName: string | null;
  startsAt: string;
  endsAt: string;
  /** "Tuesday, 1 December · 10:00–10:45", at the location's clock. */
  when: string;
  durationMinutes: number;
  /** Seats in a class session (null: an appointment of one's own); the price is for all of them. */
  seats: number | null;
  priceMinor: number;
  currency: string;
  /** One of the client's active memberships covers it (shown at 0; the booking itself spends the credit). */
  coveredByMembership: boolean;
  /** What its business asks to be paid online when it is booked (a deposit, or all of it); 0 at the venue. */
  dueOnlineMinor: number;
  /**
   * held: kept for the client until `holdExpiresAt`; free: still free but not kept (a visitor's, or a hold
   * that lapsed); taken: someone else has it now (`alternatives` are the nearest free times that day).
   */
  state: "held" | "free" | "taken";
  holdExpiresAt: string | null;
  alternatives: Array<{ startsAt: string; employeeIds: string[]; label: string }>;
}

export interface BasketView {
  location: { id: string; slug: string; name: string; address: string; timeZone: string; timeZoneName: string };
  lines: BasketLine[];
  /** Totals per currency (one, unless a business prices in several). */
  totals: Array<{ minor: number; currency: string }>;
  /** Of the totals, what is paid online when booking (deposits and prepayments), per currency; empty for none. */
  dueOnline: Array<{ minor: number; currency: string }>;
  /** The last service's end, "11:30", for the back-to-back offer. */
  endsAtLabel: string | null;
  /** Seats in a class session are booked alone: nothing else can join them in the basket. */
  holdsClass: boolean;
  cancellationNoticeHours: number;
  /** False when the notice has already begun for a time in the basket. */
  cancellableOnceBooked: boolean;
}
