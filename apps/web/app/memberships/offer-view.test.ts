import { describe, expect, it } from "vitest";
import type { MembershipResource, MembershipServiceResource } from "@termin/contracts/membership-resources";
import type { ServiceResource } from "@termin/contracts/offer-resources";
import { Included } from "../api/included.ts";
import { coveredServicesOf, relatedId, toOfferViews } from "./offer-view.ts";

const offer: MembershipResource = {
  type: "memberships",
  id: "3",
  attributes: {
    name: "10 visits within 3 months",
    description: "Ten visits.",
    price_minor: 12000,
    currency: "EUR",
    period_months: 3,
    starts_on: "first_use",
    payment_policy: "prepay",
    amount_due_online: 12000,
  },
  relationships: {
    business: { data: { type: "businesses", id: "7" } },
    membershipServices: {
      data: [
        { type: "membership-services", id: "11" },
        { type: "membership-services", id: "12" },
      ],
    },
  },
};

const line = (id: string, serviceId: string, count: number | null): MembershipServiceResource => ({
  type: "membership-services",
  id,
  attributes: { count },
  relationships: { service: { data: { type: "services", id: serviceId } } },
});

const service = { type: "services", id: "40", attributes: { name: "Yoga" } } as unknown as ServiceResource;

describe("toOfferViews", () => {
  it("lists what an offer includes in its order, with counts or unlimited, and names its business", () => {
    const included = new Included([line("12", "41", null), line("11", "40", 10), service]);
    const [view] = toOfferViews([offer], included, new Map([["7", { name: "Studio", slug: "studio" }]]));
    expect(view).toMatchObject({
      id: "3",
      priceMinor: 12000,
      periodMonths: 3,
      startsOn: "first_use",
      dueOnlineMinor: 12000,
      business: { name: "Studio", slug: "studio" },
      includes: [
        { serviceId: "40", name: "Yoga", count: 10 },
        { serviceId: "41", name: "", count: null },
      ],
    });
  });

  it("leaves the business out when the page does not know it", () => {
    const [view] = toOfferViews([offer], new Included([]), new Map());
    expect(view?.business).toBeNull();
    expect(view?.includes).toEqual([]);
  });
});

describe("relatedId", () => {
  it("reads a to-one relationship's id, or null when empty or to-many", () => {
    expect(relatedId(line("1", "40", 1), "service")).toBe("40");
    expect(relatedId(offer, "membershipServices")).toBeNull();
    expect(relatedId(offer, "nothing")).toBeNull();
  });
});

describe("coveredServicesOf", () => {
  const instance = (id: string, status: "active" | "pendingPayment", endsAt: string | null, lines: string[]) => ({
    type: "membership-instances" as const,
    id,
    attributes: { status, price_minor: 0, currency: "EUR", starts_at: null, ends_at: endsAt, created_at: "" },
    relationships: {
      membershipInstanceServices: { data: lines.map((each) => ({ type: "membership-instance-services", id: each })) },
    },
  });
  const credits = (id: string, serviceId: string, left: number | null) => ({
    type: "membership-instance-services" as const,
    id,
    attributes: { credits_total: left === null ? null : 10, credits_left: left },
    relationships: { service: { data: { type: "services", id: serviceId } } },
  });
  const now = Date.parse("2026-12-02T10:00:00Z");

  it("is the services of active, unexpired memberships with a credit left or unlimited", () => {
    const covered = coveredServicesOf(
      {
        jsonapi: { version: "1.1" },
        data: [
          instance("1", "active", "2027-01-01T00:00:00Z", ["11", "12", "13"]),
          instance("2", "active", "2026-12-01T00:00:00Z", ["21"]),
          instance("3", "pendingPayment", null, ["31"]),
          instance("4", "active", null, ["41"]),
        ],
        included: [
          credits("11", "100", 3),
          credits("12", "101", 0),
          credits("13", "102", null),
          credits("21", "200", 5),
          credits("31", "300", 5),
          credits("41", "400", 1),
        ],
        links: { self: "" },
        meta: { total: 4, pageNumber: 1, pageSize: 50, pageCount: 1 },
      } as never,
      now,
    );
    expect([...covered].sort()).toEqual(["100", "102", "400"]);
  });
});
