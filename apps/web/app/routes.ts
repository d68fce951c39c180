import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/language-redirect.tsx"),
  route("cookie-consent", "routes/cookie-consent.tsx"),
  route(":lang", "routes/locale.tsx", [
    route("home", "routes/home.tsx"),
    route("pages/:pageId", "routes/content-page.tsx"),
    route("404", "routes/not-found.tsx", { id: "not-found" }),
    // Unknown paths render the 404 page in place, with status 404 (docs/decisions/0004-404-in-place.md).
    route("*", "routes/not-found.tsx", { id: "catch-all" }),
  ]),
] satisfies RouteConfig;
