import { data, redirect, type Params } from "react-router";
import type { Site } from "@termin/contracts/site";
import type { BasketStore } from "../booking/basket.ts";
import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { sitePath } from "../embed/embed-paths.ts";
import type { Translate } from "../i18n/i18n.ts";
import type { PublicConfig } from "../lib/config.server.ts";
import type { Viewer } from "../lib/start-up.server.ts";

/**
 * What a page's data needs from where it is made, so each route writes its loading once (decision 0052): the web
 * server makes it from the page request (server-env.server.ts, for `loader`), the native app from what it keeps in
 * the browser (client-env.ts, for `clientLoader`). A route's `load(env)` reads nothing else: no request, no cookie,
 * no server configuration.
 */
export interface PageEnv<P extends Params = Params> {
  /** The page's address as asked (query included). */
  url: URL;
  params: P;
  /** The page's language: its URL prefix, else the visitor's preference. */
  language: Language;
  /**
   * The API as anyone sees it: never with the client's token, so the API's public documents stay shared
   * (decision 0029) and a page made for every signed-in client is the same page (decision 0031).
   */
  api: ApiClient;
  /** The API acting for the signed-in client, for a public page's own parts (saved, liked); null for a visitor. */
  viewerApi: ApiClient | null;
  /** For login-required pages: the client and the API acting for them, else a redirect to sign-in and back. */
  requireViewer(): { viewer: Viewer; api: ApiClient };
  /** The page language's translator (titles, descriptions). */
  t: Translate;
  /** The configuration the browser may see. */
  config: PublicConfig;
  /** The site the page is for; the native app is always the marketplace. */
  site: Site;
  /** The "form sent" thanks an action leaves for the page's next load (forms-detail). */
  sentFlash: SentFlash;
  /** The basket: services chosen at one place, each at a time, before checkout. */
  basket: BasketStore;
  /**
   * Keeps the language the client chose (settings) where the next document reads it: the web's language cookie
   * (the headers of the answer that loads the page in it), the app's stored choice (no headers).
   */
  keepLanguage(language: Language): Promise<Record<string, string>>;
  /**
   * Forgets this device's sign-in once the account is gone (settings): the web clears its session cookie (the
   * headers of the answer), the app forgets the token it keeps (no headers).
   */
  forgetSignIn(): Promise<Record<string, string>>;
  /**
   * Whether this sign-in may change the password and delete the account: the API gives those to the web's own
   * sign-in only (the `account` scope, decision 0036), never to the app's OAuth sign-in, which is sent to the
   * website for them.
   */
  managesAccount: boolean;
}

/**
 * A value an action leaves for the one load after its redirect, so a reload or a bookmark of the page never says it
 * again. The web keeps it in a short-lived cookie (its headers are the Set-Cookie of the redirect, then of the load
 * that spends it); the app keeps it in memory, as one app is one person, and has no headers to send.
 */
export interface SentFlash {
  /** Leaves `value` for the next load: the headers the action's redirect carries. */
  leave(value: string): Record<string, string>;
  /** What an action left, if anything, now spent: the headers the load's answer carries. */
  take(): { value: string | null; headers: Record<string, string> };
}

/** Where a login-required page sends a visitor: sign-in, then back to the page. */
export const signInRedirect = (site: Site, language: Language, url: URL): Response =>
  redirect(sitePath(site, language, `sign-in?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`));

/** The marketplace's own pages (search, the services taxonomy) are not on one business's site: its 404 page. */
export function marketplaceOnly(env: Pick<PageEnv, "site">): void {
  if (env.site.mode !== "marketplace") throw data(null, { status: 404 });
}

/**
 * One business's home is its places: `home` redirects there on its own site; the private app of a business with
 * one place opens that place.
 */
export function homeOfSite(env: Pick<PageEnv, "site" | "language">): void {
  const { site, language } = env;
  if (site.mode === "marketplace") return;
  const only = site.mode === "private" ? site.business.soleLocation : null;
  throw redirect(only ? `/${language}/location/${encodeURIComponent(only)}` : `/${language}/locations`);
}
