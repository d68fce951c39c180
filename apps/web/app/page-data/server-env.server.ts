import type { Params, RouterContextProvider } from "react-router";
import { serverApiClient } from "../api/server-client.server.ts";
import { basketInCookie } from "../booking/basket.server.ts";
import { viewerApi } from "../client-area/viewer-api.server.ts";
import { COOKIE } from "@termin/contracts/cookies";
import { sentFlashHeader, takeSentFlash } from "../forms/sent-flash.server.ts";
import { publicConfig } from "../lib/config.server.ts";
import { setCookieHeader } from "../lib/cookies.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { clearSessionHeader } from "../lib/session-cookie.server.ts";
import { siteOf } from "../lib/site.server.ts";
import { requireViewer } from "../lib/viewer.server.ts";
import type { PageEnv } from "./page-env.ts";

/** What a server loader or action is given (any route's `Route.LoaderArgs`). */
export interface ServerPageArgs<P extends Params> {
  request: Request;
  params: P;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/**
 * The page data's environment on the web server, from the page request: the language from the address or the
 * visitor's cookie, the API in process, the session the root middleware checked, the request's translator.
 */
export function serverPageEnv<P extends Params>({ request, params, url, context }: ServerPageArgs<P>): PageEnv<P> {
  const language = pageLanguage(request, params["lang"]);
  const args = { request, url, language, context };
  return {
    url,
    params,
    language,
    api: serverApiClient(request, url, language),
    // Asked only when a page uses it: a visitor's page asks nothing more.
    get viewerApi() {
      return viewerApi(args);
    },
    requireViewer: () => requireViewer(args),
    t: serverT(context),
    config: publicConfig,
    site: siteOf(request),
    sentFlash: {
      leave: (value) => sentFlashHeader(request, url.pathname, value),
      take: () => takeSentFlash(request, url.pathname),
    },
    basket: basketInCookie(request),
    keepLanguage: async (chosen) => ({ "set-cookie": setCookieHeader(request, COOKIE.language, chosen) }),
    forgetSignIn: async () => ({ "set-cookie": clearSessionHeader(request) }),
    managesAccount: true,
  };
}
