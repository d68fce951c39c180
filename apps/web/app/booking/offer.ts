import type { PaymentPolicy } from "@termin/domain/payments/amount-due";

/** A location's bookable offer as the booking pages read it (offer-data.ts loads it). */
export interface OfferLocation {
  id: string;
  slug: string;
  name: string;
  address: string;
  phone: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  businessId: string | null;
}

export interface OfferPrice {
  id: string;
  /** The variant's name; null for a service with one price. */
  name: string | null;
  priceMinor: number;
  currency: string;
  durationMinutes: number;
}

export interface OfferService {
  id: string;
  name: string;
  prices: OfferPrice[];
  /** How the business asks it to be paid: at the venue, a deposit or the whole price online when booked. */
  payment: PaymentPolicy;
  /** A class is booked by the seat in its sessions (/classes), an appointment at a time of one's own (/book). */
  kind: "appointment" | "class";
}

/** The business's public booking rules (decision 0013), with safe values when it has published none. */
export interface BookingRules {
  onlineBooking: boolean;
  cancellationNoticeHours: number;
  leadTimeMinutes: number;
  horizonDays: number;
}

export interface OfferEmployee {
  id: string;
  name: string;
  title: string;
}
