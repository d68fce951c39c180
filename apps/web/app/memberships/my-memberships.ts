import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type {
  MembershipCreditUseResource,
  MembershipInstanceResource,
  MembershipInstanceServiceResource,
  MembershipInstanceStatus,
  MembershipResource,
} from "@termin/contracts/membership-resources";
import type { PaymentLinkResource } from "@termin/contracts/payment-resources";
import type { ServiceResource } from "@termin/contracts/offer-resources";
import type { Language } from "@termin/domain/languages";
import { formatDateAndTime } from "@termin/domain/time-format";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { formatDate } from "../lib/format.ts";
import { coveredServicesOf, relatedId } from "./offer-view.ts";

const INSTANCE_INCLUDE =
  "membership,membershipInstanceServices,membershipInstanceServices.service,membershipCreditUses,paymentLinks";

/** One of the client's memberships, as My memberships shows it. */
export interface InstanceView {
  id: string;
  name: string;
  status: MembershipInstanceStatus;
  /** "1 Dec 2026 – 1 Mar 2027", or null until it starts. */
  period: { from: string; to: string } | null;
  credits: Array<{ service: string; left: number | null; total: number | null }>;
  history: Array<{ id: string; credits: number; service: string; visit: string; appointmentClientId: string }>;
  /** The payment page, while the purchase waits for its payment. */
  payUrl: string | null;
}

/** A wall time written with its place's offset, worded at that clock ("Friday, 4 December 2026 · 18:00"). */
const atItsClock = (zoned: string, language: Language) =>
  formatDateAndTime(new Date(`${zoned.slice(0, 19)}Z`), language, "UTC").replace(/[\u00a0\u202f]/g, " ");

/** The signed-in client's memberships, newest first, with credits per service and their use. */
export async function loadMyMemberships(api: ApiClient, language: Language): Promise<InstanceView[]> {
  const document = await api.get<CollectionDocument<MembershipInstanceResource>>("membership-instances", {
    include: INSTANCE_INCLUDE,
    "page[size]": "50",
  });
  const included = new Included(document.included);
  return document.data.map((instance) => {
    const services = included.many<MembershipInstanceServiceResource>(
      instance,
      "membershipInstanceServices",
      "membership-instance-services",
    );
    const serviceName = (id: string | null) => {
      const line = services.find((each) => each.id === id);
      return (line && included.one<ServiceResource>(line, "service", "services")?.attributes.name) ?? "";
    };
    const link = included
      .many<PaymentLinkResource>(instance, "paymentLinks", "payment-links")
      .find((each) => each.attributes.paid_at === null);
    const { starts_at: startsAt, ends_at: endsAt, status } = instance.attributes;
    return {
      id: instance.id,
      name: included.one<MembershipResource>(instance, "membership", "memberships")?.attributes.name ?? "",
      status,
      period: startsAt && endsAt ? { from: formatDate(startsAt, language), to: formatDate(endsAt, language) } : null,
      credits: services.map((line) => ({
        service: included.one<ServiceResource>(line, "service", "services")?.attributes.name ?? "",
        left: line.attributes.credits_left,
        total: line.attributes.credits_total,
      })),
      history: included
        .many<MembershipCreditUseResource>(instance, "membershipCreditUses", "membership-credit-uses")
        .map((use) => ({
          id: use.id,
          credits: use.attributes.credits,
          service: serviceName(relatedId(use, "membershipInstanceService")),
          visit: atItsClock(use.attributes.visit_starts_at, language),
          appointmentClientId: relatedId(use, "appointmentClient") ?? "",
        })),
      payUrl: status === "pendingPayment" && link ? link.attributes.url : null,
    };
  });
}

/**
 * The services the client's active memberships still cover (credits left, or unlimited) and until when: what
 * booking pages show at 0, "covered by membership". The booking itself decides (a credit may go meanwhile).
 */
export async function coveredServiceIds(api: ApiClient): Promise<Set<string>> {
  const document = await api.get<CollectionDocument<MembershipInstanceResource>>("membership-instances", {
    "filter[status]": "active",
    include: "membershipInstanceServices",
    "page[size]": "50",
  });
  return coveredServicesOf(document, Date.now());
}

/**
 * The payment page of the client's purchase of `membershipId` still waiting for its payment, or null: buying the
 * same membership again goes on with that one instead of leaving a second purchase waiting.
 */
export async function waitingPurchasePage(api: ApiClient, membershipId: string, now: Date): Promise<string | null> {
  const document = await api.get<CollectionDocument<MembershipInstanceResource>>("membership-instances", {
    "filter[status]": "pendingPayment",
    include: "paymentLinks",
    "page[size]": "50",
  });
  const included = new Included(document.included);
  for (const instance of document.data) {
    if (relatedId(instance, "membership") !== membershipId) continue;
    const link = included
      .many<PaymentLinkResource>(instance, "paymentLinks", "payment-links")
      .find(
        (each) =>
          each.attributes.paid_at === null &&
          each.attributes.released_at === null &&
          Date.parse(each.attributes.expires_at) > now.getTime(),
      );
    if (link) return link.attributes.url;
  }
  return null;
}
