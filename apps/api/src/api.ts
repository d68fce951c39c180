import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import type { ApiDependencies } from "./api-dependencies.ts";
import { AUTH_PREFIX, authApi } from "./auth/auth-api.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "./docs/openapi.ts";
import { registerReferenceRoutes } from "./docs/reference-routes.ts";
import { appointmentRoutes } from "./booking/appointment-routes.ts";
import { holdRoutes } from "./booking/hold-routes.ts";
import { membershipRoutes } from "./memberships/membership-routes.ts";
import { availableSlotRoutes } from "./booking/slot-routes.ts";
import { freeTimeChangeRoutes } from "./booking/live/free-time-change-routes.ts";
import { calendarRoutes } from "./booking/calendar/calendar-routes.ts";
import { classSessionRoutes } from "./classes/class-session-routes.ts";
import { forgetVerifiedTokens } from "./auth/authenticate.ts";
import { watchDataChanges, type DataChanges } from "./http/data-changes.ts";
import { forgetFreeTimes } from "./booking/free-time-cache.ts";
import { announceDeprecations } from "./http/deprecations.ts";
import { allowCrossOriginCalls } from "./http/cross-origin.ts";
import { apiEdge } from "./http/input-edge.ts";
import { cachePublicDocuments } from "./http/public-document-cache.ts";
import { unknownEndpoint } from "./http/unknown-endpoint.ts";
import { appointmentStatusRoutes } from "./resources/appointment-statuses/routes.ts";
import { imageRoutes } from "./resources/images/routes.ts";
import { locationRoutes } from "./resources/locations/routes.ts";
import { mediaRoutes } from "./resources/media/routes.ts";
import { loginRequiredRoutes } from "./resources/login-required.ts";
import { marketplaceServiceRoutes } from "./resources/marketplace-services/routes.ts";
import { pageRoutes } from "./resources/pages/routes.ts";
import { videoRoutes } from "./resources/videos/routes.ts";
import { businessTypeRoutes } from "./resources/business-types/routes.ts";
import { businessRoutes } from "./resources/businesses/routes.ts";
import { cityRoutes } from "./resources/cities/routes.ts";
import { clientRoutes } from "./resources/clients/routes.ts";
import { countryRoutes } from "./resources/countries/routes.ts";
import { avatarRoutes } from "./resources/avatars/routes.ts";
import { likeRoutes } from "./resources/likes/routes.ts";
import { notificationRoutes } from "./resources/notifications/routes.ts";
import { userLocationRoutes } from "./resources/user-locations/routes.ts";
import { formAnswerRoutes } from "./resources/form-answers/routes.ts";
import { formRoutes } from "./resources/forms/routes.ts";
import { currencyRoutes } from "./resources/currencies/routes.ts";
import { neighborhoodRoutes } from "./resources/neighborhoods/routes.ts";
import { resourceRoutes } from "./resources/resources/routes.ts";
import { settingsRoutes } from "./resources/settings/routes.ts";
import { tagRoutes } from "./resources/tags/routes.ts";
import { workingHoursRoutes } from "./resources/working-hours/routes.ts";
import { searchRoutes } from "./resources/search/routes.ts";
import { employeeRoutes } from "./resources/employees/routes.ts";
import { reviewItemRoutes } from "./resources/review-items/routes.ts";
import { reviewRoutes } from "./resources/reviews/routes.ts";
import { serviceCategoryRoutes } from "./resources/service-categories/routes.ts";
import { serviceEmployeeRoutes } from "./resources/service-employees/routes.ts";
import { servicePriceRoutes } from "./resources/service-prices/routes.ts";
import { serviceRoutes } from "./resources/services/routes.ts";
import { waitlistRoutes } from "./booking/waitlist/waitlist-routes.ts";
import { registerHealthRoutes } from "./http/health-routes.ts";
import { registerDiscoveryRoute } from "./oauth/oauth-routes.ts";
import { paymentLinkRoutes } from "./payments/payment-link-routes.ts";
import { payRoutes } from "./payments/pay-routes.ts";
import { resolveRequestSites } from "./sites/request-site.ts";
import { createSiteDirectory, type SiteDirectory } from "./sites/site-directory.ts";

export const API_PREFIX = "/v1c";

/** The JSON:API resources under /v1c, with their own 404 and error handling. */
const clientApi: FastifyPluginAsync<
  ApiDependencies & { openApi: OpenApiDocument; changes: DataChanges; sites: SiteDirectory }
> = async (app, { database, config, clock, openApi, changes, sites }) => {
  const dependencies: ApiDependencies = { database, config, ...(clock ? { clock } : {}) };
  await allowCrossOriginCalls(app, config, [], (origin) => sites.allowsEmbedOrigin(origin));
  apiEdge(app);
  app.addHook("onSend", async (_request, reply, payload) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("application/json")) reply.type(JSONAPI_MEDIA_TYPE);
    return payload;
  });
  // After the edge: only requests it let through are looked up or kept.
  cachePublicDocuments(app, changes);
  const noSuchEndpoint = unknownEndpoint(openApi);
  app.setNotFoundHandler(noSuchEndpoint);
  // Also as a route: the web server's catch-all page route would otherwise answer unknown API paths with HTML.
  app.all("/*", noSuchEndpoint);

  app.get("/openapi.json", async (_request, reply) => reply.type("application/json").send(openApi));

  const resourceRoutesInOrder = [
    appointmentStatusRoutes,
    pageRoutes,
    // The catalogue: places and their directory...
    locationRoutes,
    businessRoutes,
    businessTypeRoutes,
    cityRoutes,
    neighborhoodRoutes,
    currencyRoutes,
    tagRoutes,
    workingHoursRoutes,
    resourceRoutes,
    settingsRoutes,
    mediaRoutes,
    marketplaceServiceRoutes,
    searchRoutes,
    // ...and what they offer.
    serviceCategoryRoutes,
    serviceRoutes,
    servicePriceRoutes,
    employeeRoutes,
    serviceEmployeeRoutes,
    reviewRoutes,
    reviewItemRoutes,
    // Booking: free times, appointments and the client's places in them.
    availableSlotRoutes,
    freeTimeChangeRoutes,
    appointmentRoutes,
    holdRoutes,
    membershipRoutes,
    waitlistRoutes,
    classSessionRoutes,
    paymentLinkRoutes,
    // The signed-in client's own account.
    clientRoutes,
    countryRoutes,
    // What businesses sent them.
    formRoutes,
    formAnswerRoutes,
    notificationRoutes,
    // What they keep: saved locations and liked Look Book media.
    userLocationRoutes,
    likeRoutes,
  ];
  for (const routes of resourceRoutesInOrder) await app.register(routes, dependencies);
  await app.register(loginRequiredRoutes, dependencies);
};

export { API_PATH_ROOTS } from "@termin/contracts/api-paths";

/**
 * Everything the API serves: /v1c resources, /auth accounts and tokens, /livez and /readyz, and the /docs/api reference.
 * Answers where data changes are announced, for what else the process keeps in memory (the web's pages).
 */
export async function registerApi(app: FastifyInstance, dependencies: ApiDependencies): Promise<DataChanges> {
  const openApi = buildOpenApiDocument({
    version: dependencies.config.appVersion,
    serverUrl: dependencies.config.publicUrl,
  });
  const changes = watchDataChanges(app, dependencies.database);
  const { config } = dependencies;
  const sites = createSiteDirectory(dependencies.database.db, {
    publicUrl: config.publicUrl,
    ...(config.privateBusiness ? { privateBusiness: config.privateBusiness } : {}),
  });
  resolveRequestSites(app, sites, changes);
  announceDeprecations(app);
  changes.subscribe(() => forgetVerifiedTokens(dependencies.database.db));
  changes.subscribe(() => forgetFreeTimes(dependencies.database.db));
  await app.register(clientApi, { ...dependencies, openApi, changes, sites, prefix: API_PREFIX });
  await app.register(authApi, { ...dependencies, openApi, prefix: AUTH_PREFIX });
  await app.register(imageRoutes, dependencies);
  await app.register(calendarRoutes, dependencies);
  await app.register(payRoutes, dependencies);
  await app.register(avatarRoutes, dependencies);
  await app.register(videoRoutes, dependencies);

  registerDiscoveryRoute(app, dependencies.config);
  registerHealthRoutes(app, { database: dependencies.database, jobs: dependencies.jobs });

  await registerReferenceRoutes(app, openApi);
  return changes;
}
