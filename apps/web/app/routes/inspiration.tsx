import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { MarketplaceServiceResource, MediaResource } from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/inspiration";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { lookupOrNotFound } from "../api/lookup.ts";
import { likedMediaIds } from "../client-area/liked-media.ts";
import { pictureOf } from "../catalogue/location-card-data.ts";
import { InspirationGrid, type InspirationTile } from "../catalogue/inspiration/InspirationGrid.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { pageScroller } from "../ui/page-scroller.ts";

const PAGE_SIZE = 24;

/** inspiration and inspiration/{marketplace_service_slug}: the Look Book, newest first, a page at a time. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, params, url, t } = env;
  const page = Math.max(1, Math.min(500, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const [media, services] = await Promise.all([
    // The service in the address names nothing when the API refuses it: the 404 page, as for an unknown one.
    lookupOrNotFound(
      api.get<CollectionDocument<MediaResource>>("media", {
        "filter[inspiration]": "true",
        ...(params.serviceSlug ? { "filter[marketplace_service]": params.serviceSlug } : {}),
        "page[size]": String(PAGE_SIZE),
        "page[number]": String(page),
      }),
      "filter[marketplace_service]",
    ),
    api.get<CollectionDocument<MarketplaceServiceResource>>("marketplace-services", { "page[size]": "100" }),
  ]);
  const service = services.data.find((s) => s.attributes.slug === params.serviceSlug);
  if (params.serviceSlug && !service) throw new Response(null, { status: 404 });
  const liked = await likedMediaIds(
    env.viewerApi,
    media.data.map((item) => item.id),
  );
  return {
    title: `${service ? `${service.attributes.name} · ` : ""}${t("inspiration.title")} · ${env.config.appName}`,
    description: t("inspiration.metaDescription"),
    service: service ? { slug: service.attributes.slug, name: service.attributes.name } : null,
    services: services.data.map(({ attributes: { slug, name } }) => ({ slug, name })),
    page,
    pageCount: media.meta.pageCount,
    tiles: media.data.map((item): InspirationTile => ({
      id: item.id,
      kind: item.attributes.kind,
      picture: pictureOf(item),
      likeCount: item.attributes.like_count,
      liked: liked.has(item.id),
    })),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

/** Loads the next page when the end of the grid scrolls into view; a plain link without JavaScript. */
function useInfiniteTiles(first: Route.ComponentProps["loaderData"]) {
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = useState({ key: first, tiles: first.tiles, page: first.page });
  // New loader data (another filter, a back navigation) starts the list again.
  if (pages.key !== first) setPages({ key: first, tiles: first.tiles, page: first.page });
  const loaded = fetcher.data;
  if (loaded && loaded.page === pages.page + 1 && fetcher.state === "idle") {
    setPages({ key: first, tiles: [...pages.tiles, ...loaded.tiles], page: loaded.page });
  }
  const hasMore = pages.page < first.pageCount;
  const sentinel = useRef<HTMLAnchorElement>(null);
  const nextPage = pages.page + 1;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && fetcher.state === "idle") {
          void fetcher.load(`${window.location.pathname}?page=${nextPage}`);
        }
      },
      // The page scrolls in its own row (the shell's): the next tiles are asked for 600 px before they come into it.
      { root: pageScroller(), rootMargin: "600px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [fetcher, hasMore, nextPage]);
  return { tiles: pages.tiles, hasMore, nextPage, sentinel, loading: fetcher.state !== "idle" };
}

export default function Inspiration({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { tiles, hasMore, nextPage, sentinel, loading } = useInfiniteTiles(loaderData);
  return (
    <div className="page inspiration-page">
      <h1>{loaderData.service ? loaderData.service.name : t("inspiration.title")}</h1>
      <p className="hero__lead">{t("inspiration.lead")}</p>
      <nav aria-label={t("inspiration.filter")}>
        <ul className="chips chips--scroll">
          <li>
            <Link className="chip" to={to("inspiration")} aria-current={loaderData.service ? undefined : "true"}>
              {t("inspiration.all")}
            </Link>
          </li>
          {loaderData.services.map((service) => (
            <li key={service.slug}>
              <Link
                className="chip"
                to={to(`inspiration/${service.slug}`)}
                aria-current={loaderData.service?.slug === service.slug ? "true" : undefined}
              >
                {service.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tiles.length === 0 ? (
        <EmptyState title={t("inspiration.emptyTitle")} body={t("inspiration.emptyBody")} />
      ) : (
        <InspirationGrid tiles={tiles} eagerCount={4} />
      )}
      {loading ? (
        <ul className="inspiration-grid" aria-hidden="true">
          {[3, 4, 4, 3].map((height, index) => (
            <li key={index} className="skeleton" style={{ aspectRatio: `3 / ${height}` }} />
          ))}
        </ul>
      ) : null}
      {hasMore ? (
        <Link ref={sentinel} className="button button--secondary inspiration-page__more" to={`?page=${nextPage}`}>
          {loading ? t("common.loading") : t("inspiration.more")}
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
