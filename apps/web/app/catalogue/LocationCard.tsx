import { Link } from "react-router";
import { SaveLocationButton } from "../client-area/SaveLocationButton.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatDistance, formatPrice } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import type { LocationCardData } from "./location-card-data.ts";
import { Picture } from "./Picture.tsx";
import { Rating } from "./Rating.tsx";

interface LocationCardProps {
  location: LocationCardData;
  /** The first cards of a page are above the fold: their pictures load at once. */
  eager?: boolean;
  headingLevel?: "h2" | "h3";
}

export function LocationCard({ location, eager = false, headingLevel: Heading = "h3" }: LocationCardProps) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  return (
    <article className="location-card">
      {location.cover ? (
        <Picture
          className="location-card__cover"
          picture={{ ...location.cover, alt: "" }}
          sizes="(min-width: 64rem) 20rem, (min-width: 40rem) 45vw, 100vw"
          largestSide={1170}
          eager={eager}
        />
      ) : (
        <div className="location-card__cover location-card__cover--empty" />
      )}
      <div className="location-card__body">
        <Heading className="location-card__name">
          <Link to={to(`location/${location.slug}`)} translate="no">
            {location.name}
          </Link>
        </Heading>
        {location.businessName ? (
          <p className="location-card__business" translate="no">
            {location.businessName}
          </p>
        ) : null}
        <p className="location-card__place" translate="no">
          {location.place}
          {location.distanceKm !== null ? ` · ${formatDistance(location.distanceKm, language)}` : null}
        </p>
        <div className="location-card__facts">
          <Rating average={location.ratingAverage} count={location.reviewCount} />
          {location.priceFrom ? (
            <span className="location-card__price">
              {t("catalogue.priceFrom", {
                price: formatPrice(location.priceFrom.minor, location.priceFrom.currency, language),
              })}
            </span>
          ) : null}
        </div>
      </div>
      <SaveLocationButton locationId={location.id} name={location.name} saved={location.saved} variant="card" />
    </article>
  );
}
