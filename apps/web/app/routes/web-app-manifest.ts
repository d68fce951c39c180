import { isSupportedLanguage } from "@termin/domain/languages";
import { createI18n } from "../i18n/i18n.ts";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { webAppManifest } from "../pwa/web-app-manifest.ts";

/**
 * /manifest.webmanifest?lang=xx: the installable app's manifest in the page's language (the visitor's without
 * `lang`). `no-cache`: the browser revalidates it, so a new name or icon reaches installed apps; `private` keeps
 * it out of the server's page cache, which would answer it as a page kept for a second.
 */
export function loader({ request }: { request: Request }) {
  const requested = new URL(request.url).searchParams.get("lang");
  const language = isSupportedLanguage(requested) ? requested : pageLanguage(request, undefined);
  const { t } = createI18n(language, serverCatalog(language));
  const appName = publicConfig.appName;
  const manifest = webAppManifest({
    language,
    appName,
    name: t("pwa.manifest.name", { appName }),
    description: t("pwa.manifest.description", { appName }),
  });
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "private, no-cache" },
  });
}
