import { renderSVG } from "uqr";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/download-application";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/** The native app's store links (configured) and a QR code that opens this page on a phone. */
function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { t, config } = env;
  // The page in a supported language, never the address as typed: the loader runs beside the locale check, and a
  // long made-up "language" would not fit in a QR code.
  const pageUrl = `${env.site.origin}/${env.language}/download-application`;
  return {
    title: `${t("download.title")} · ${config.appName}`,
    description: t("download.lead"),
    stores: config.storeLinks,
    pageUrl,
    // Drawn by the loader as SVG: on the web, the server, so no QR library in the browser's bundle (only the native
    // app's, whose client loader draws it).
    qrSvg: renderSVG(pageUrl, { border: 2 }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

export default function DownloadApplication({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { stores, qrSvg, pageUrl } = loaderData;
  const links = [
    { key: "appStore", href: stores.appStore, label: t("download.appStore") },
    { key: "googlePlay", href: stores.googlePlay, label: t("download.googlePlay") },
    { key: "appGallery", href: stores.appGallery, label: t("download.appGallery") },
  ].filter((link): link is { key: string; href: string; label: string } => Boolean(link.href));
  return (
    <div className="page page--narrow download-page">
      <h1>{t("download.title")}</h1>
      <p className="hero__lead">{t("download.lead")}</p>
      {links.length > 0 ? (
        <ul className="download-page__stores">
          {links.map((link) => (
            <li key={link.key}>
              <a className="button" href={link.href} target="_blank" rel="noopener">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("download.noStores")}</p>
      )}
      <figure className="download-page__qr">
        <div role="img" aria-label={t("download.qrLabel")} dangerouslySetInnerHTML={{ __html: qrSvg }} />
        <figcaption>{t("download.qrCaption")}</figcaption>
      </figure>
      <p className="download-page__url">{pageUrl}</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
