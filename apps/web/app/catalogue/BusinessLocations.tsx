import { useTranslation } from "../i18n/i18n-context.tsx";
import type { LocationCardData } from "./location-card-data.ts";
import { LocationCard } from "./LocationCard.tsx";

/** A business's places as cards under their count ("3 locations"): its profile's and its widget's. */
export function BusinessLocations({ locations }: { locations: LocationCardData[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="business-locations">
      <h2 id="business-locations">{t("business.locations", { count: locations.length })}</h2>
      <ul className="card-grid">
        {locations.map((location, index) => (
          <li key={location.slug}>
            <LocationCard location={location} eager={index < 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}
