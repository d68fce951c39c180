import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatCount } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { useOwn, useSignedIn } from "./personal.tsx";
import { Icon } from "../ui/icons.tsx";
import { useToggle } from "./use-toggle.ts";

interface LikeButtonProps {
  mediaId: string;
  /** What the picture shows: names the button among many tiles. */
  alt: string;
  liked: boolean;
  likeCount: number;
  /** "tile": a heart with the count on a Look Book tile; "viewer": a labelled button beside the picture. */
  variant: "tile" | "viewer";
}

/**
 * Likes a Look Book picture and back (aria-pressed), with its like count: moved at once, then the server's.
 * A visitor gets a link to sign in that returns here.
 */
export function LikeButton({ mediaId, alt, liked, likeCount, variant }: LikeButtonProps) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const signedIn = useSignedIn();
  const toggle = useToggle({
    key: `like-${mediaId}`,
    page: { on: useOwn("media", mediaId, liked), count: likeCount },
    onIntent: "like",
    failed: t("likes.likeFailed"),
  });
  const { on, count } = toggle.state;
  const formatted = formatCount(count, language);
  const countText = t("inspiration.likes", { count, formatted });
  const className = `like-toggle like-toggle--${variant}`;
  const content = (
    <>
      <Icon name="heart" width="18" height="18" fill={on ? "currentColor" : "none"} />
      {/* A tile's heart is named by its aria-label (picture and count); the viewer's by its text. */}
      {variant === "tile" ? <span aria-hidden="true">{formatted}</span> : <span>{t("likes.like")}</span>}
    </>
  );
  const counted =
    variant === "viewer" ? (
      <span className="like-toggle__count" aria-live="polite">
        {countText}
      </span>
    ) : null;
  if (!signedIn) {
    return (
      <span className="like-toggle__group">
        <Link
          className={className}
          to={`${to("sign-in")}?${new URLSearchParams({ redirectTo: toggle.returnPath })}`}
          aria-label={`${t("likes.signInToLike", { alt })}, ${countText}`}
        >
          {content}
        </Link>
        {counted}
      </span>
    );
  }
  return (
    <span className="like-toggle__group">
      <toggle.Form method="post" action={to("likes")}>
        <input type="hidden" name="mediaId" value={mediaId} />
        <input type="hidden" name="redirectTo" value={toggle.returnPath} />
        <button
          type="submit"
          name="intent"
          value={on ? "unlike" : "like"}
          aria-pressed={on}
          className={className}
          aria-label={variant === "tile" ? `${t("likes.likeNamed", { alt })}, ${countText}` : undefined}
        >
          {content}
        </button>
      </toggle.Form>
      {counted}
    </span>
  );
}
