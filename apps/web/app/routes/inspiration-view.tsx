import { apiAsset } from "../lib/api-asset.ts";
import { lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { data, Link } from "react-router";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type {
  LocationResource,
  MarketplaceServiceResource,
  MediaResource,
} from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/inspiration-view";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { ApiError } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { imageUrl, inspirationImageSide, INSPIRATION_MIN_SIDE } from "../catalogue/image-sources.ts";
import { LikeButton } from "../client-area/LikeButton.tsx";
import { likedMediaIds } from "../client-area/liked-media.ts";
import { pictureOf } from "../catalogue/location-card-data.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

// Its own chunk: fetched only when a video is opened (apps/web/e2e/inspiration.e2e.ts checks it).
const VideoPlayer = lazy(() => import("../catalogue/inspiration/VideoPlayer.tsx"));

async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { mediaId } = env.params;
  if (!/^\d{1,9}$/.test(mediaId)) throw data(null, { status: 404 });
  const document = await env.api
    .get<SingleDocument<MediaResource>>(`media/${mediaId}`, { include: "location,marketplaceService" })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    });
  const media = document.data;
  const liked = await likedMediaIds(env.viewerApi, [media.id]);
  const included = new Included(document.included);
  const location = included.one<LocationResource>(media, "location", "locations");
  const service = included.one<MarketplaceServiceResource>(media, "marketplaceService", "marketplace-services");
  return {
    title: `${media.attributes.alt} · ${env.config.appName}`,
    media: {
      id: media.id,
      kind: media.attributes.kind,
      picture: pictureOf(media),
      videoUrl: media.attributes.video_url,
      likeCount: media.attributes.like_count,
      liked: liked.has(media.id),
    },
    location: location ? { slug: location.attributes.slug, name: location.attributes.name } : null,
    service: service ? { slug: service.attributes.slug, name: service.attributes.name } : null,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: "description", content: loaderData.media.picture.alt },
        { property: "og:image", content: `${loaderData.media.picture.url}?s=1170` },
      ]
    : [];

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

/**
 * The picture at the size the inspiration rule asks for (spec section 9): measured once laid out; the
 * server renders the 390 minimum so there is something to see before hydration.
 */
function ViewerImage({ picture }: { picture: Route.ComponentProps["loaderData"]["media"]["picture"] }) {
  const element = useRef<HTMLImageElement>(null);
  const [side, setSide] = useState(INSPIRATION_MIN_SIDE);
  useLayoutEffect(() => {
    const box = element.current?.getBoundingClientRect();
    if (box) setSide(inspirationImageSide(box, window.devicePixelRatio));
  }, []);
  return (
    <img
      ref={element}
      className="viewer__media"
      src={imageUrl(picture, side)}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      fetchPriority="high"
    />
  );
}

export default function InspirationView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { media, location, service } = loaderData;
  const poster = imageUrl(media.picture, inspirationImageSide(media.picture, 1));
  // The player is a browser-only web component: the server sends the poster, the browser swaps in the player.
  const hydrated = useHydrated();
  const posterImage = <img className="viewer__media" src={poster} alt="" />;
  // The location's name sits inside the sentence as a name: the sentence is cut around its placeholder.
  const [visitBefore = "", visitAfter = ""] = t("inspiration.visit").split("{{name}}");
  return (
    <article className="page page--narrow viewer">
      <h1 className="visually-hidden">{media.picture.alt}</h1>
      <div className="viewer__frame" style={{ aspectRatio: `${media.picture.width} / ${media.picture.height}` }}>
        {media.kind === "video" && media.videoUrl && !hydrated ? (
          posterImage
        ) : media.kind === "video" && media.videoUrl ? (
          <Suspense fallback={posterImage}>
            <VideoPlayer
              src={apiAsset(media.videoUrl)}
              poster={poster}
              width={media.picture.width}
              height={media.picture.height}
            />
          </Suspense>
        ) : (
          <ViewerImage picture={media.picture} />
        )}
      </div>
      {/* The picture's description is the business's words, in its language, which the API does not say. */}
      <p className="viewer__caption" translate="no">
        {media.picture.alt}
      </p>
      <div className="viewer__facts">
        <LikeButton
          mediaId={media.id}
          alt={media.picture.alt}
          liked={media.liked}
          likeCount={media.likeCount}
          variant="viewer"
        />
        {/* The service's and location's names are the business's, in its language. */}
        {service ? (
          <Link to={to(`inspiration/${service.slug}`)} translate="no">
            {service.name}
          </Link>
        ) : null}
      </div>
      {location ? (
        <Link className="button" to={to(`location/${location.slug}`)}>
          {visitBefore}
          <span translate="no">{location.name}</span>
          {visitAfter}
        </Link>
      ) : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
