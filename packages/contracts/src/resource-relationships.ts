/** What one relationship points at: resources of these types, one (or none) or many. */
export interface RelationshipSpec {
  readonly types: readonly string[];
  readonly many: boolean;
}

const one = (...types: string[]): RelationshipSpec => ({ types, many: false });
const many = (type: string): RelationshipSpec => ({ types: [type], many: true });

/**
 * The relationships each resource type carries, by name: the one list that sparse fieldsets (`fields[type]` may
 * name them), the OpenAPI document's resource schemas and so the answer check read. A serializer that adds or
 * renames one fails the check until it is written here. Some appear only when what they point at is included (a
 * location's workingHours, gallery and tags, a business's locations, a city's neighborhoods).
 */
export const RESOURCE_RELATIONSHIPS: Readonly<Record<string, Readonly<Record<string, RelationshipSpec>>>> = {
  "appointment-clients": {
    status: one("appointment-statuses"),
    appointment: one("appointments"),
    client: one("clients"),
    review: one("reviews"),
    paymentMethod: one("payment-methods"),
    paymentLinks: many("payment-links"),
    membershipInstance: one("membership-instances"),
    servicePrice: one("service-prices"),
    formAnswers: many("form-answers"),
    location: one("locations"),
    appointmentServices: many("appointment-services"),
  },
  appointments: { location: one("locations"), appointmentServices: many("appointment-services") },
  "payment-links": { appointmentClient: one("appointment-clients"), membershipInstance: one("membership-instances") },
  "appointment-services": {
    appointment: one("appointments"),
    servicePrice: one("service-prices"),
    employees: many("employees"),
  },
  "appointment-service-employees": { employee: one("employees"), appointmentService: one("appointment-services") },
  "available-slots": { employees: many("employees") },
  "class-sessions": {
    service: one("services"),
    servicePrice: one("service-prices"),
    employee: one("employees"),
    location: one("locations"),
  },
  "booking-holds": { servicePrice: one("service-prices"), employee: one("employees"), location: one("locations") },
  businesses: { businessType: one("business-types"), logo: one("media"), locations: many("locations") },
  "waitlist-entries": { classSession: one("class-sessions"), bookingHold: one("booking-holds") },
  cities: { neighborhoods: many("neighborhoods") },
  clients: {
    avatar: one("avatars"),
    language: one("languages"),
    country: one("countries"),
    phoneCountry: one("countries"),
  },
  employees: { location: one("locations"), avatar: one("media"), services: many("services") },
  forms: { business: one("businesses"), formAnswer: one("form-answers") },
  "form-answers": { form: one("forms") },
  likes: { media: one("media") },
  locations: {
    business: one("businesses"),
    city: one("cities"),
    neighborhood: one("neighborhoods"),
    cover: one("media"),
    workingHours: many("working-hours"),
    gallery: many("media"),
    tags: many("tags"),
  },
  memberships: { business: one("businesses"), membershipServices: many("membership-services") },
  "membership-services": { membership: one("memberships"), service: one("services") },
  "membership-instances": {
    membership: one("memberships"),
    membershipInstanceServices: many("membership-instance-services"),
    membershipCreditUses: many("membership-credit-uses"),
    paymentLinks: many("payment-links"),
  },
  "membership-instance-services": { membershipInstance: one("membership-instances"), service: one("services") },
  "membership-credit-uses": {
    membershipInstanceService: one("membership-instance-services"),
    appointmentClient: one("appointment-clients"),
  },
  media: { business: one("businesses"), location: one("locations"), marketplaceService: one("marketplace-services") },
  neighborhoods: { city: one("cities") },
  resources: { location: one("locations") },
  reviews: { location: one("locations"), employee: one("employees"), reviewItems: many("review-items") },
  "review-items": { review: one("reviews") },
  "search-suggestions": { subject: one("marketplace-services", "cities", "locations") },
  "service-categories": { business: one("businesses") },
  "service-employees": { employee: one("employees"), service: one("services") },
  "service-prices": { service: one("services") },
  services: {
    business: one("businesses"),
    serviceCategory: one("service-categories"),
    marketplaceService: one("marketplace-services"),
    servicePrices: many("service-prices"),
    employees: many("employees"),
  },
  settings: { business: one("businesses") },
  "user-locations": { location: one("locations") },
  "working-hours": { location: one("locations") },
};

/** The relationship names of a resource type (none for a type without relationships). */
export function relationshipNames(type: string): readonly string[] {
  return Object.keys(RESOURCE_RELATIONSHIPS[type] ?? {});
}
