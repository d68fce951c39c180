import type { ResourceObject } from "./jsonapi.ts";

// The memberships API's resources (apps/api/src/memberships): what its serializers answer and the web app reads.

/** `memberships`: what a business sells, a price for a period with services and classes included. */
export interface MembershipAttributes {
  name: string;
  description: string;
  /** In the currency's minor units. */
  price_minor: number;
  currency: string;
  period_months: number;
  starts_on: "purchase" | "first_use";
  payment_policy: "venue" | "deposit" | "prepay";
  /** What buying it asks online now (0: active at once). */
  amount_due_online: number;
}
export type MembershipResource = ResourceObject<"memberships", MembershipAttributes>;

/** `membership-services`: a service or class a membership includes, `count` visits in the period (null: unlimited). */
export type MembershipServiceResource = ResourceObject<"membership-services", { count: number | null }>;

export type MembershipInstanceStatus = "pendingPayment" | "active" | "cancelled";

/** `membership-instances`: a membership the signed-in client bought. */
export interface MembershipInstanceAttributes {
  status: MembershipInstanceStatus;
  price_minor: number;
  currency: string;
  /** Null until it starts (paid, or first used). */
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
}
export type MembershipInstanceResource = ResourceObject<"membership-instances", MembershipInstanceAttributes>;

/** `membership-instance-services`: what the client's membership still covers of one service (null: unlimited). */
export type MembershipInstanceServiceResource = ResourceObject<
  "membership-instance-services",
  { credits_total: number | null; credits_left: number | null }
>;

/** `membership-credit-uses`: credits a booking spent (positive) or its cancellation returned (negative). */
export type MembershipCreditUseResource = ResourceObject<
  "membership-credit-uses",
  { credits: number; created_at: string; visit_starts_at: string }
>;
