import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { useOwn, useSignedIn } from "./personal.tsx";
import { Icon } from "../ui/icons.tsx";
import { useToggle } from "./use-toggle.ts";

interface SaveLocationButtonProps {
  locationId: string;
  name: string;
  saved: boolean;
  /** "card": a round heart on a card's cover; "page": a labelled button on the location page. */
  variant: "card" | "page";
}

/**
 * Saves a place to My locations and back (aria-pressed tells which). A visitor gets a link to sign in that
 * returns here.
 */
export function SaveLocationButton({ locationId, name, saved, variant }: SaveLocationButtonProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const signedIn = useSignedIn();
  const toggle = useToggle({
    key: `saved-location-${locationId}`,
    page: { on: useOwn("locations", locationId, saved), count: 0 },
    onIntent: "save",
    failed: t("myLocations.saveFailed"),
  });
  const className = variant === "card" ? "save-toggle save-toggle--card" : "button button--secondary save-toggle";
  if (!signedIn) {
    return (
      <Link
        className={className}
        to={`${to("sign-in")}?${new URLSearchParams({ redirectTo: toggle.returnPath })}`}
        aria-label={t("myLocations.signInToSave", { name })}
      >
        <Icon name="heart" width="20" height="20" />
        {variant === "page" ? <span aria-hidden="true">{t("myLocations.save")}</span> : null}
      </Link>
    );
  }
  const on = toggle.state.on;
  // A card's heart keeps one name among many (its state is aria-pressed); the page's button also says it in words.
  const label =
    variant === "card" ? (
      <span className="visually-hidden">{t("myLocations.saveNamed", { name })}</span>
    ) : (
      t(on ? "myLocations.saved" : "myLocations.save")
    );
  return (
    <toggle.Form method="post" action={to("saved-locations")} className="save-toggle__form">
      <input type="hidden" name="locationId" value={locationId} />
      <input type="hidden" name="redirectTo" value={toggle.returnPath} />
      <button type="submit" name="intent" value={on ? "unsave" : "save"} aria-pressed={on} className={className}>
        <Icon name="heart" width="20" height="20" fill={on ? "currentColor" : "none"} />
        {label}
      </button>
    </toggle.Form>
  );
}
