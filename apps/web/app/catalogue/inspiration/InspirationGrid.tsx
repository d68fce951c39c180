import { Link } from "react-router";
import { LikeButton } from "../../client-area/LikeButton.tsx";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLanguage } from "../../lib/use-language.ts";
import { Icon } from "../../ui/icons.tsx";
import { inspirationLabel } from "./inspiration-label.ts";
import { imageSrcSet, imageUrl, INSPIRATION_MIN_SIDE, type PictureData } from "../image-sources.ts";

export interface InspirationTile {
  id: string;
  kind: "image" | "video";
  picture: PictureData;
  likeCount: number;
  /** Whether the signed-in client liked it; false for a visitor. */
  liked: boolean;
}

/**
 * Tiles in masonry columns, each keeping its picture's proportions. The server cannot measure a tile,
 * so the srcset starts at the 390-pixel minimum and `sizes` gives the column width: the browser then
 * applies the inspiration rule (box x pixel ratio) itself (docs/decisions/0012).
 */
export function InspirationGrid({ tiles, eagerCount = 0 }: { tiles: InspirationTile[]; eagerCount?: number }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <ul className="inspiration-grid">
      {tiles.map((tile, index) => (
        <li key={tile.id}>
          <Link
            to={to(`inspiration/view/${tile.id}`)}
            className="inspiration-tile"
            aria-label={inspirationLabel(t, { kind: tile.kind, alt: tile.picture.alt })}
          >
            <img
              src={imageUrl(tile.picture, INSPIRATION_MIN_SIDE)}
              srcSet={imageSrcSet(tile.picture, 1560, INSPIRATION_MIN_SIDE)}
              sizes="(min-width: 64rem) 17rem, (min-width: 40rem) 33vw, 50vw"
              width={tile.picture.width}
              height={tile.picture.height}
              alt=""
              loading={index < eagerCount ? "eager" : "lazy"}
              decoding="async"
            />
            {tile.kind === "video" ? <Icon name="play" className="inspiration-tile__play" fill="currentColor" /> : null}
          </Link>
          <LikeButton
            mediaId={tile.id}
            alt={tile.picture.alt}
            liked={tile.liked}
            likeCount={tile.likeCount}
            variant="tile"
          />
        </li>
      ))}
    </ul>
  );
}
