import { redirect } from "react-router";
import type { LikeResource } from "@termin/contracts/client-area-resources";
import type { MediaResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { Route } from "./+types/liked-pictures";
import { Included } from "../api/included.ts";
import { pictureOf } from "../catalogue/location-card-data.ts";
import { InspirationGrid, type InspirationTile } from "../catalogue/inspiration/InspirationGrid.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { lastPageAddress, listPageOf } from "../lib/page-input.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Pager } from "../ui/Pager.tsx";

const PAGE_SIZE = 24;

/**
 * Liked pictures (login required): the Look Book media the client liked, most recently liked first, each with
 * its heart to take the like back. The page revalidates after a toggle, so an unliked picture leaves it.
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t } = env;
  const { api } = env.requireViewer();
  const page = listPageOf(url);
  const likes = await api.get<CollectionDocument<LikeResource>>("likes", {
    include: "media",
    "page[size]": String(PAGE_SIZE),
    "page[number]": String(page),
  });
  const last = lastPageAddress(url, page, likes.meta.pageCount);
  if (last) throw redirect(last);
  const included = new Included(likes.included);
  return {
    title: `${t("likes.title")} · ${env.config.appName}`,
    page,
    pageCount: likes.meta.pageCount,
    tiles: likes.data.flatMap((like): InspirationTile[] => {
      const media = included.one<MediaResource>(like, "media", "media");
      if (!media) return [];
      const { kind, like_count } = media.attributes;
      return [{ id: media.id, kind, picture: pictureOf(media), likeCount: like_count, liked: true }];
    }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function LikedPictures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { tiles, page, pageCount } = loaderData;
  return (
    <div className="page inspiration-page">
      <h1>{t("likes.title")}</h1>
      {tiles.length === 0 ? (
        <EmptyState
          title={t("likes.emptyTitle")}
          body={t("likes.emptyBody")}
          action={{ to: to("inspiration"), label: t("likes.openLookBook") }}
        />
      ) : (
        <>
          <p className="hero__lead">{t("likes.lead")}</p>
          <InspirationGrid tiles={tiles} eagerCount={4} />
        </>
      )}
      <Pager label={t("likes.pages")} page={page} pageCount={pageCount} hrefOf={(other) => `?page=${other}`} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
