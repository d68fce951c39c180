import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import type { ClassSessionView, ClassWeekQuery } from "./class-week.ts";
import { ClassWeek } from "./ClassWeek.tsx";

export interface LocationClassesData {
  slug: string;
  today: string;
  query: ClassWeekQuery;
  sessions: ClassSessionView[];
  labels: { range: string; days: Record<string, string> };
}

/** A location's classes of the next seven days on its page, with a link to every week of them. */
export function LocationClasses({ classes }: { classes: LocationClassesData }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <section aria-labelledby="location-classes-heading" className="location-classes">
      <div className="section-heading">
        <h2 id="location-classes-heading">{t("classes.locationClasses")}</h2>
        <Link to={`${to("classes")}?location=${encodeURIComponent(classes.slug)}`}>{t("classes.allClasses")}</Link>
      </div>
      {classes.sessions.length === 0 ? (
        <p>{t("classes.noneThisWeek")}</p>
      ) : (
        <ClassWeek
          id="location-classes"
          compact
          query={classes.query}
          today={classes.today}
          sessions={classes.sessions}
          labels={classes.labels}
          bookPath={(session) => to(`classes/${session.id}`)}
        />
      )}
    </section>
  );
}
