import { prerender } from "react-dom/static";
import { ServerRouter, type EntryContext } from "react-router";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { PAGE_STYLES } from "../styles/page-styles.server.ts";
import { PageStylesContext } from "../styles/PageStyles.tsx";

/** The root layout's language for an address without one; the start-up picks the page's before hydrating. */
const PRERENDER_LANGUAGE = "en";

/**
 * The native app's document entry, used once, at build time, to pre-render its index.html (React Router's SPA
 * mode): the root's layout with the splash and the page styles, for no request. It stands in for entry.server.tsx
 * in the native build (build-target/native-entry.ts): the web server's entry reads the server's configuration,
 * the site and the request, none of which the app has.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Whole, once everything is ready: React Router's hydration data is streamed in by scripts after the page.
  const { prelude } = await prerender(
    <I18nProvider i18n={createI18n(PRERENDER_LANGUAGE, serverCatalog(PRERENDER_LANGUAGE))}>
      <PageStylesContext value={PAGE_STYLES}>
        <ServerRouter context={routerContext} url={request.url} />
      </PageStylesContext>
    </I18nProvider>,
  );
  responseHeaders.set("content-type", "text/html; charset=utf-8");
  return new Response(prelude, { headers: responseHeaders, status: responseStatusCode });
}
