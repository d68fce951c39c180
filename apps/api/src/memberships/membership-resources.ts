import type { ResourceObject } from "@termin/contracts/jsonapi";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import { toMany, toOne } from "../jsonapi/relationships.ts";
import type { MembershipInstanceRow } from "./membership-instances.ts";
import { dueOnPurchase, type MembershipRow } from "./membership-offers.ts";

export const MEMBERSHIP_ATTRIBUTES = [
  "name",
  "description",
  "price_minor",
  "currency",
  "period_months",
  "starts_on",
  "payment_policy",
  "amount_due_online",
] as const;
export const MEMBERSHIP_SERVICE_ATTRIBUTES = ["count"] as const;
export const INSTANCE_ATTRIBUTES = ["status", "price_minor", "currency", "starts_at", "ends_at", "created_at"] as const;
export const INSTANCE_SERVICE_ATTRIBUTES = ["credits_total", "credits_left"] as const;
export const CREDIT_USE_ATTRIBUTES = ["credits", "created_at", "visit_starts_at"] as const;
export const PAYMENT_LINK_ATTRIBUTES = ["amount", "currency", "url", "paid_at", "release_at"] as const;

export function toMembershipResource(row: MembershipRow): ResourceObject {
  return {
    type: "memberships",
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      price_minor: row.priceMinor,
      currency: row.currencyCode,
      period_months: row.periodMonths,
      starts_on: row.startsOn,
      payment_policy: row.policy.kind,
      amount_due_online: dueOnPurchase(row),
    },
    relationships: {
      business: toOne("businesses", row.businessId),
      membershipServices: toMany(
        "membership-services",
        row.services.map((service) => service.id),
      ),
    },
    links: { self: `/v1c/memberships/${row.id}` },
  };
}

export function toMembershipServiceResources(row: MembershipRow): ResourceObject[] {
  return row.services.map((service) => ({
    type: "membership-services",
    id: String(service.id),
    attributes: { count: service.count },
    relationships: {
      membership: toOne("memberships", row.id),
      service: toOne("services", service.serviceId),
    },
  }));
}

const instant = (date: Date | null) => (date === null ? null : date.toISOString());

export function toMembershipInstanceResource(row: MembershipInstanceRow): ResourceObject {
  return {
    type: "membership-instances",
    id: String(row.id),
    attributes: {
      status: row.status,
      price_minor: row.priceMinor,
      currency: row.currencyCode,
      starts_at: instant(row.startsAt),
      ends_at: instant(row.endsAt),
      created_at: row.createdAt.toISOString(),
    },
    relationships: {
      membership: toOne("memberships", row.membershipId),
      membershipInstanceServices: toMany(
        "membership-instance-services",
        row.services.map((service) => service.id),
      ),
      membershipCreditUses: toMany(
        "membership-credit-uses",
        row.uses.map((use) => use.id),
      ),
      paymentLinks: toMany(
        "payment-links",
        row.paymentLinks.map((link) => link.id),
      ),
    },
    links: { self: `/v1c/membership-instances/${row.id}` },
  };
}

export function toInstanceServiceResources(row: MembershipInstanceRow): ResourceObject[] {
  return row.services.map((service) => ({
    type: "membership-instance-services",
    id: String(service.id),
    attributes: { credits_total: service.creditsTotal, credits_left: service.creditsLeft },
    relationships: {
      membershipInstance: toOne("membership-instances", row.id),
      service: toOne("services", service.serviceId),
    },
  }));
}

export function toCreditUseResources(row: MembershipInstanceRow): ResourceObject[] {
  return row.uses.map((use) => ({
    type: "membership-credit-uses",
    id: String(use.id),
    attributes: {
      credits: use.credits,
      created_at: use.createdAt.toISOString(),
      visit_starts_at: formatZonedIso(use.visitStartsAt.getTime(), use.timeZone),
    },
    relationships: {
      membershipInstanceService: toOne("membership-instance-services", use.membershipInstanceServiceId),
      appointmentClient: toOne("appointment-clients", use.appointmentClientId),
    },
  }));
}
