import { Link } from "react-router";
import type { Route } from "../../routes/+types/location";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLanguage } from "../../lib/use-language.ts";
import { telHref } from "../../lib/format.ts";
import { SaveLocationButton } from "../../client-area/SaveLocationButton.tsx";
import { Icon } from "../../ui/icons.tsx";
import { formatTimeOfDay, weekdayName } from "../opening-hours.ts";
import { LocationClasses } from "../../classes/LocationClasses.tsx";
import { Picture } from "../Picture.tsx";
import { Rating } from "../Rating.tsx";
import { serializeJsonLd } from "../structured-data.ts";
import { OpeningHours } from "./OpeningHours.tsx";
import { Reviews } from "./Reviews.tsx";
import { ServiceMenu } from "./ServiceMenu.tsx";
import { Staff } from "./Staff.tsx";

export type LocationPageData = Route.ComponentProps["loaderData"];

function OpenNow({ status }: { status: LocationPageData["status"] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (status.open) {
    return (
      <span className="open-now open-now--open">
        {t("location.openUntil", { time: formatTimeOfDay(status.closesAt, language) })}
      </span>
    );
  }
  if (status.opensAt === null) return <span className="open-now">{t("location.closed")}</span>;
  const time = formatTimeOfDay(status.opensAt, language);
  return (
    <span className="open-now">
      {status.today
        ? t("location.opensToday", { time })
        : t("location.opensOn", { day: weekdayName(status.weekday, language), time })}
    </span>
  );
}

export function LocationPage(props: LocationPageData) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { location, business, cover, gallery, hours, status, menu, employees, summary, reviews, jsonLd } = props;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=17/${location.latitude}/${location.longitude}`;
  return (
    <article className="page location-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />
      {cover ? (
        <Picture
          picture={{ ...cover, alt: "" }}
          className="location-page__cover"
          sizes="(min-width: 72rem) 70rem, 100vw"
          largestSide={2340}
          eager
        />
      ) : null}
      <header className="location-page__header">
        <div className="location-page__title">
          <h1 translate="no">{location.name}</h1>
          <SaveLocationButton locationId={location.id} name={location.name} saved={location.saved} variant="page" />
        </div>
        {business ? (
          <p className="location-page__business">
            <Link to={to(`business/${business.slug}`)} translate="no">
              {business.name}
            </Link>
            {business.sellsMemberships ? (
              <>
                {" · "}
                <Link to={`${to("memberships")}?${new URLSearchParams({ location: location.slug })}`}>
                  {t("memberships.seeLocation")}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="location-page__facts">
          <Rating average={location.ratingAverage} count={location.reviewCount} />
          <OpenNow status={status} />
        </div>
        <p className="location-page__address">
          <Icon name="pin" width="18" height="18" />
          <span>
            {location.address}
            {location.place ? `, ${location.place}` : ""}
          </span>
          <a href={mapUrl} target="_blank" rel="noopener">
            {t("location.openMap")}
          </a>
        </p>
        <p className="location-page__phone">
          <Icon name="phone" width="18" height="18" />
          <a href={telHref(location.phone)}>{location.phone}</a>
        </p>
      </header>

      {gallery.length > 0 ? (
        <section aria-labelledby="location-gallery">
          <h2 id="location-gallery">{t("location.gallery")}</h2>
          {/* Focusable, so keyboard users can scroll the strip too. */}
          <ul className="strip" tabIndex={0} aria-labelledby="location-gallery">
            {gallery.map((picture) => (
              <li key={picture.url}>
                <Picture picture={picture} sizes="10rem" largestSide={480} className="strip__image" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="location-page__columns">
        <div>
          <ServiceMenu menu={menu} phone={location.phone} bookAt={location.onlineBooking ? location.slug : null} />
          {props.classes ? <LocationClasses classes={props.classes} /> : null}
          <Staff employees={employees} />
          <Reviews summary={summary} reviews={reviews} />
        </div>
        <aside>
          <OpeningHours hours={hours} zoneName={location.timeZoneName} />
          {location.description ? (
            <section aria-labelledby="location-about" className="card">
              <h2 id="location-about">{t("location.about")}</h2>
              <p>{location.description}</p>
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
