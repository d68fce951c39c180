import { Form, Link } from "react-router";
import { PARTS_OF_DAY } from "@termin/domain/booking/part-of-day";
import { PART_OF_DAY_NAMES } from "../booking/slot-times.ts";
import { seatsWatch } from "../booking/live-free-times.ts";
import { useLiveFreeTimes } from "../booking/use-live-free-times.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatPrice } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import {
  classWeekSearch,
  filterChoices,
  groupByDay,
  nextWeek,
  previousWeek,
  type ClassSessionView,
  type ClassWeekQuery,
} from "./class-week.ts";

/**
 * A week of class sessions, day by day, with filters by class, instructor and part of the day and paging by week,
 * all in the address (links and a GET form: it works without JavaScript). Used by the marketplace's classes page
 * and a location's page, and made to be reused by an embed: `bookPath` says where a session is booked, `hidden`
 * what the filter form keeps (the city), `showPlace` whether each session names its location.
 */
export function ClassWeek(props: {
  id: string;
  query: ClassWeekQuery;
  sessions: readonly ClassSessionView[];
  /** The week's range and day names, written on the server (weekLabels). */
  labels: { range: string; days: Record<string, string> };
  bookPath: (session: ClassSessionView) => string;
  hidden?: Record<string, string>;
  showPlace?: boolean;
  /** Today's date on the place's clock: no paging to weeks before it. */
  today: string;
  /** Only the days with sessions, no filters nor paging (a location's page shows its week so). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { query, hidden = {} } = props;
  // Seats taken anywhere show here within a second.
  useLiveFreeTimes(seatsWatch(props.sessions));
  const days = groupByDay(query.week, props.sessions, query);
  const choices = filterChoices(props.sessions);
  const weekRange = props.labels.range;
  const hasSessions = days.some((day) => day.sessions.length > 0);
  const filtered = query.classId !== null || query.instructorId !== null || query.partOfDay !== null;
  const shown = props.compact ? days.filter((day) => day.sessions.length > 0) : days;
  if (props.compact) {
    // The caller's heading (`{id}-heading`) names the list.
    return (
      <div className="class-week">
        <DayList
          labelledBy={`${props.id}-heading`}
          days={shown}
          dayNames={props.labels.days}
          bookPath={props.bookPath}
        />
      </div>
    );
  }
  return (
    <div className="class-week">
      <nav className="class-week__paging" aria-label={t("classes.weekPaging")}>
        {previousWeek(query.week) >= previousWeek(props.today) ? (
          <Link
            className="button button--secondary"
            to={classWeekSearch(query, { week: previousWeek(query.week) }, hidden)}
            preventScrollReset
          >
            {t("classes.previousWeek")}
          </Link>
        ) : null}
        <h2 id={`${props.id}-week`} className="class-week__range">
          {t("classes.weekOf", { range: weekRange })}
        </h2>
        <Link
          className="button button--secondary"
          to={classWeekSearch(query, { week: nextWeek(query.week) }, hidden)}
          preventScrollReset
        >
          {t("classes.nextWeek")}
        </Link>
      </nav>
      <Form method="get" className="class-week__filters" aria-label={t("classes.filters")}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="week" value={query.week} />
        <Choice
          id={`${props.id}-class`}
          name="class"
          label={t("classes.filterClass")}
          any={t("classes.anyClass")}
          value={query.classId}
          choices={choices.classes}
        />
        <Choice
          id={`${props.id}-instructor`}
          name="instructor"
          label={t("classes.filterInstructor")}
          any={t("classes.anyInstructor")}
          value={query.instructorId}
          choices={choices.instructors}
        />
        <Choice
          id={`${props.id}-part`}
          name="part_of_day"
          label={t("search.partOfDay")}
          any={t("search.anyTime")}
          value={query.partOfDay}
          choices={PARTS_OF_DAY.map((part) => ({ value: part, label: t(PART_OF_DAY_NAMES[part]) }))}
        />
        <button type="submit" className="button">
          {t("classes.applyFilters")}
        </button>
      </Form>
      {!hasSessions ? (
        <p className="class-week__empty" role="status">
          {filtered ? t("classes.noneFiltered") : t("classes.noneThisWeek")}
        </p>
      ) : (
        <DayList
          labelledBy={`${props.id}-week`}
          days={shown}
          dayNames={props.labels.days}
          bookPath={props.bookPath}
          showPlace={props.showPlace}
        />
      )}
    </div>
  );
}

function DayList(props: {
  labelledBy: string;
  days: ReturnType<typeof groupByDay>;
  dayNames: Record<string, string>;
  bookPath: (session: ClassSessionView) => string;
  showPlace?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { labelledBy, days, dayNames } = props;
  return (
    <ol className="class-week__days" aria-labelledby={labelledBy}>
      {days.map((day) => (
        <li key={day.date} className="class-week__day">
          <h3 className="class-week__day-name">{dayNames[day.date] ?? day.date}</h3>
          {day.sessions.length === 0 ? (
            <p className="class-week__no-class">{t("classes.noClassThisDay")}</p>
          ) : (
            <ul className="class-week__sessions">
              {day.sessions.map((session) => (
                <SessionCard key={session.id} session={session} bookPath={props.bookPath} showPlace={props.showPlace} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

function SessionCard({
  session,
  bookPath,
  showPlace,
}: {
  session: ClassSessionView;
  bookPath: (session: ClassSessionView) => string;
  showPlace?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const time = session.timeLabel;
  const full = session.seatsLeft === 0;
  return (
    <li className="class-session card">
      <p className="class-session__time">{time}</p>
      <p className="class-session__name">{session.className}</p>
      {session.instructor ? (
        <p className="class-session__detail">{t("classes.withInstructor", { name: session.instructor.name })}</p>
      ) : null}
      {showPlace && session.location ? <p className="class-session__detail">{session.location.name}</p> : null}
      {session.priceMinor !== null && session.currency ? (
        <p className="class-session__detail">{formatPrice(session.priceMinor, session.currency, language)}</p>
      ) : null}
      <p className={full ? "class-session__seats class-session__seats--full" : "class-session__seats"}>
        {full ? t("classes.full") : t("classes.seatsLeft", { count: session.seatsLeft })}
      </p>
      {/* A full session leads to its page too: there the client joins its waitlist. */}
      <Link
        className={full ? "button button--secondary class-session__book" : "button class-session__book"}
        to={bookPath(session)}
        aria-label={t(full ? "classes.waitlistSession" : "classes.bookSession", { name: session.className, time })}
      >
        {t(full ? "classes.joinWaitlist" : "classes.book")}
      </Link>
    </li>
  );
}

function Choice(props: {
  id: string;
  name: string;
  label: string;
  any: string;
  value: string | null;
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div className="class-week__filter">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ""} key={props.value ?? ""}>
        <option value="">{props.any}</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
