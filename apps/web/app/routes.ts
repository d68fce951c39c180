import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";
import { buildTarget } from "../build-target/build-target.ts";
import { NATIVE_READY_ROUTES } from "../build-target/native-ready-routes.ts";

/**
 * The booking pages an embed keeps in its frame, below `prefix`: the same modules as the marketplace's, under their
 * own route ids (their links and redirects stay below the prefix through sitePath, app/embed/embed-paths.ts).
 */
const framedPages = (prefix: string) =>
  [
    ["book/:slug", "routes/book.tsx"],
    ["basket", "routes/basket.tsx"],
    ["checkout", "routes/checkout.tsx"],
    ["appointments", "routes/appointments.tsx"],
    ["appointments/:id", "routes/appointment.tsx"],
    ["appointments/:id/reschedule", "routes/appointment-reschedule.tsx"],
    ["classes/:sessionId", "routes/class-session.tsx"],
    ["sign-in", "routes/sign-in.tsx"],
    ["sign-up", "routes/sign-up.tsx"],
    ["verify-email", "routes/verify-email.tsx"],
    ["forgot-password", "routes/forgot-password.tsx"],
  ].map(([path = "", file = ""]) => route(`${prefix}/${path}`, file, { id: `embed-${path}` }));

/**
 * The native app's route set (decision 0052): the pages whose data is written for both targets, under the language
 * layout, `/` to the home in the app's language, the cookie notice's answer, and the 404 page for any other address;
 * the web app has every route. Signing in and out are the app's own (the code flow in the system browser, the kept
 * token), at the web's addresses; an embed's framed pages are a business's site, never the app.
 */
const NATIVE_FRAME = new Set([
  "routes/language-redirect.tsx",
  "routes/cookie-consent.tsx",
  "routes/locale.tsx",
  "routes/not-found.tsx",
]);
const NATIVE_OWN: Record<string, string> = {
  "routes/sign-in.tsx": "native/routes/app-sign-in.tsx",
  "routes/sign-up.tsx": "native/routes/app-sign-in.tsx",
  "routes/sign-out.ts": "native/routes/app-sign-out.ts",
};
const nativeRoutes = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries
    .filter((entry) => !entry.id?.startsWith("embed-"))
    .flatMap((entry): RouteConfigEntry[] => {
      const own = NATIVE_OWN[entry.file];
      // Two addresses share the sign-in page: each keeps its own id.
      if (own) return [{ ...entry, file: own, id: `native-${entry.path ?? ""}` }];
      if (!NATIVE_FRAME.has(entry.file) && !NATIVE_READY_ROUTES.includes(entry.file)) return [];
      return [entry.children ? { ...entry, children: nativeRoutes(entry.children) } : entry];
    });
const forTarget = (entries: RouteConfigEntry[]) => (buildTarget() === "native" ? nativeRoutes(entries) : entries);

export default forTarget([
  index("routes/language-redirect.tsx"),
  route("cookie-consent", "routes/cookie-consent.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/web-app-manifest.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemaps/pages.xml", "routes/sitemap-pages.ts"),
  route("sitemaps/:file", "routes/sitemap-locations.ts"),
  // Social login (Google): starts the OpenID Connect flow and takes the browser back from it.
  route("auth/google", "routes/auth-google.ts"),
  route("auth/google/callback", "routes/auth-google-callback.ts"),
  // Other apps sign clients in here (OAuth code flow): sign-in, the consent question, back to the app.
  route("auth/authorize", "routes/auth-authorize.tsx"),
  route(":lang", "routes/locale.tsx", [
    route("home", "routes/home.tsx"),
    route("search", "routes/search.tsx"),
    route("services", "routes/services.tsx"),
    // Classes: a week of sessions in a city, and one session's seats.
    route("classes", "routes/classes.tsx"),
    route("classes/:sessionId", "routes/class-session.tsx"),
    route("location/:slug", "routes/location.tsx"),
    route("locations", "routes/locations.tsx"),
    route("business/:slug", "routes/business.tsx"),
    route("inspiration", "routes/inspiration.tsx", { id: "inspiration" }),
    route("inspiration/:serviceSlug", "routes/inspiration.tsx", { id: "inspiration-by-service" }),
    route("inspiration/view/:mediaId", "routes/inspiration-view.tsx"),
    route("download-application", "routes/download-application.tsx"),
    route("pages/:pageId", "routes/content-page.tsx"),
    // Accounts: signing in and out, and the e-mailed links.
    route("sign-in", "routes/sign-in.tsx"),
    route("sign-up", "routes/sign-up.tsx"),
    route("sign-out", "routes/sign-out.ts"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    // The client's area: what businesses sent them.
    route("forms", "routes/forms.tsx"),
    route("forms/:formId", "routes/forms-detail.tsx"),
    // The client's own account: profile, picture, password, their data.
    route("settings", "routes/settings.tsx"),
    route("settings/export", "routes/settings-export.ts"),
    // The client's area: notifications, saved places, liked pictures, and the save and like toggles' actions.
    route("notifications", "routes/notifications.tsx"),
    route("notifications/:id", "routes/notification-open.ts"),
    route("push-token", "routes/push-token.ts"),
    route("my-locations", "routes/my-locations.tsx"),
    route("liked-pictures", "routes/liked-pictures.tsx"),
    route("saved-locations", "routes/saved-locations.ts"),
    route("likes", "routes/likes.ts"),
    // The signed-in client's own parts of the marketplace pages, asked by the browser (decision 0031).
    route("personal", "routes/personal.ts"),
    // Booking: a service's times, the basket, checkout, and the client's appointments.
    route("book/:slug", "routes/book.tsx"),
    route("basket", "routes/basket.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("appointments", "routes/appointments.tsx"),
    route("appointments/:id", "routes/appointment.tsx"),
    route("appointments/:id/reschedule", "routes/appointment-reschedule.tsx"),
    // Memberships: the offers (of a city, a place or a business) and the client's own.
    route("memberships", "routes/memberships.tsx"),
    route("my-memberships", "routes/my-memberships.tsx"),
    // One business's booking in a minimal shell, for an iframe on its own site (docs/embedding.md, decision 0047):
    // its places, a place's services (or one category of them) and classes, and the booking pages kept in the frame.
    route("embed/business/:businessSlug", "routes/embed-business.tsx"),
    route("embed/location-services/:locationSlug", "routes/embed-location-services.tsx", { id: "embed-services" }),
    route("embed/location-services/:locationSlug/:categorySlug", "routes/embed-location-services.tsx", {
      id: "embed-services-category",
    }),
    route("embed/location-classes/:locationSlug", "routes/classes.tsx", { id: "embed-classes" }),
    ...framedPages("embed/business/:businessSlug"),
    route("404", "routes/not-found.tsx", { id: "not-found" }),
    // Unknown paths render the 404 page in place, with status 404 (docs/decisions/0004-404-in-place.md).
    route("*", "routes/not-found.tsx", { id: "catch-all" }),
  ]),
]) satisfies RouteConfig;
