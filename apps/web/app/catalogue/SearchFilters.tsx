import { useEffect, useRef } from "react";
import { Form, useNavigate, useSubmit } from "react-router";
import { PARTS_OF_DAY } from "@termin/domain/booking/part-of-day";
import { isIsoDate } from "../booking/local-dates.ts";
import { PART_OF_DAY_NAMES } from "../booking/slot-times.ts";
import type { TranslationKey } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { useToast } from "../ui/toast/toast-context.ts";
import { activeFilterCount } from "./active-filters.ts";
import { FoldedFilters } from "./FoldedFilters.tsx";
import { withSearchParams, type SearchParams } from "./search-links.ts";
import type { FreeOnRefusal } from "./search-params.ts";
import { SearchField } from "./SearchField.tsx";

type Choice = { value: string; label: string };

/**
 * Keeps an uncontrolled field showing the URL's value after a navigation (Back, "Near me", a shared link
 * opened in the app) without remounting it, so keyboard focus stays where the visitor left it. Only a change of
 * the URL's value writes to the field: at hydration it keeps what the visitor chose while the scripts loaded.
 */
function useSyncedValue<T extends HTMLSelectElement | HTMLInputElement>(value: string | number | undefined) {
  const field = useRef<T>(null);
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (field.current) field.current.value = value === undefined ? "" : String(value);
  }, [value]);
  return field;
}

export interface FilterChoices {
  cities: Choice[];
  neighborhoods: Choice[];
  services: Choice[];
  businessTypes: Choice[];
  /** The selected city's currency symbol: prices filter within one currency. */
  currencySymbol: string | null;
  /** The days "free on" may ask about (YYYY-MM-DD): from today (the city's, when one is chosen) to a year ahead. */
  freeOnDates: { min: string; max: string };
}

/** What the page says for each reason the API gives for not checking free times. */
const FREE_ON_REFUSAL_TEXT = {
  not_a_date: "search.freeOnNotADate",
  past: "search.freeOnPast",
  too_far_ahead: "search.freeOnTooFar",
  too_many_places: "search.freeOnTooBroad",
  other: "search.freeOnDateRange",
} as const satisfies Record<FreeOnRefusal, TranslationKey>;

function SelectFilter(props: {
  name: keyof SearchParams;
  label: TranslationKey;
  any: TranslationKey;
  choices: Choice[];
  value: string | number | undefined;
}) {
  const { t } = useTranslation();
  const select = useSyncedValue<HTMLSelectElement>(props.value);
  return (
    <div>
      <label htmlFor={`filter-${props.name}`}>{t(props.label)}</label>
      <select ref={select} id={`filter-${props.name}`} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{t(props.any)}</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function PriceFilter({ name, label, value }: { name: "price_min" | "price_max"; label: string; value?: number }) {
  const input = useSyncedValue<HTMLInputElement>(value);
  return (
    <div>
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        ref={input}
        id={`filter-${name}`}
        name={name}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={value}
      />
    </div>
  );
}

/** "Near me": the phone's position, then the nearest places first. */
function NearMeButton({ search }: { search: SearchParams }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  function locate() {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const near = `${coords.latitude.toFixed(4)},${coords.longitude.toFixed(4)}`;
        void navigate(`${to("search")}${withSearchParams(search, { near, sort: "distance" })}`);
      },
      () => toast({ body: t("search.locationUnavailable"), color: "warning" }),
      { maximumAge: 300_000, timeout: 10_000 },
    );
  }
  return (
    <button type="button" className="button button--secondary" onClick={locate}>
      {t("search.nearMe")}
    </button>
  );
}

/**
 * "Free on": a day and a part of it. The part applies with a day; chosen alone, it waits for one and says so. A
 * refused day stays in the field with the reason beside it, so the visitor can narrow the search and go on.
 */
function FreeOnFilter(props: {
  search: SearchParams;
  date: string | undefined;
  dates: FilterChoices["freeOnDates"];
  refused: FreeOnRefusal | null;
}) {
  const { t } = useTranslation();
  // A date field holds only a real date ("abc" or 30 February would be dropped, with a browser warning).
  const date = isIsoDate(props.date) ? props.date : undefined;
  const input = useSyncedValue<HTMLInputElement>(date);
  const hint = props.refused
    ? t(FREE_ON_REFUSAL_TEXT[props.refused])
    : props.search.part_of_day && !props.date
      ? t("search.freeOnNeedsDate")
      : null;
  return (
    <>
      <div>
        <label htmlFor="filter-free_on">{t("search.freeOn")}</label>
        <input
          ref={input}
          id="filter-free_on"
          name="free_on"
          type="date"
          min={props.dates.min}
          max={props.dates.max}
          defaultValue={date}
          aria-describedby={hint ? "filter-free_on-hint" : undefined}
        />
      </div>
      <SelectFilter
        name="part_of_day"
        label="search.partOfDay"
        any="search.anyTime"
        choices={PARTS_OF_DAY.map((part) => ({ value: part, label: t(PART_OF_DAY_NAMES[part]) }))}
        value={props.search.part_of_day}
      />
      {hint ? (
        <p id="filter-free_on-hint" className="search-filters__hint">
          {hint}
        </p>
      ) : null}
    </>
  );
}

const RATINGS = [4, 4.5];

/** The form's answered fields only, so a shared address reads "?city=sofia", not "?q=&city=sofia&type=...". */
function filledIn(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (value !== "") params.append(name, String(value));
  return params;
}

/** A change that applies at once: a choice from a list, or a whole date in range (not one typed halfway). */
const appliesAtOnce = (target: EventTarget) =>
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && target.type === "date" && target.validity.valid);

/** Whether the visitor changed a list or a date since the page was rendered (before its scripts were ready). */
const changedSinceRendered = (form: HTMLFormElement) =>
  Array.from(form.elements).some(
    (field) =>
      (field instanceof HTMLSelectElement &&
        Array.from(field.options).some((option) => option.selected !== option.defaultSelected)) ||
      (field instanceof HTMLInputElement && appliesAtOnce(field) && field.value !== field.defaultValue),
  );

/**
 * Choices made while the page's scripts loaded are kept by the fields themselves (a plain GET form); once the
 * scripts are ready, they apply as a later choice would have.
 */
function useApplyChoicesMadeBeforeHydration(apply: (form: HTMLFormElement) => void) {
  const form = useRef<HTMLFormElement>(null);
  const applyOnce = useRef(apply);
  useEffect(() => {
    if (form.current && changedSinceRendered(form.current)) applyOnce.current(form.current);
  }, []);
  return form;
}

/**
 * The search form: text, then filters that apply as soon as they change (the Search button without JavaScript),
 * folded behind one button on a phone.
 */
export function SearchFilters({
  search,
  choices,
  freeOnRefused = null,
  freeOnAsked,
}: {
  search: SearchParams;
  choices: FilterChoices;
  freeOnRefused?: FreeOnRefusal | null;
  /** The day asked for, shown even when the API refused it. */
  freeOnAsked?: string | undefined;
}) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const submit = useSubmit();
  const number = new Intl.NumberFormat(language);
  const searchAction = { method: "get", action: to("search") } as const;
  const apply = (form: HTMLFormElement) => void submit(filledIn(form), searchAction);
  const form = useApplyChoicesMadeBeforeHydration(apply);
  return (
    <Form
      ref={form}
      method="get"
      action={to("search")}
      role="search"
      className="search-filters"
      onChange={(event) => {
        if (appliesAtOnce(event.target)) apply(event.currentTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <SearchField key={search.q ?? ""} defaultValue={search.q ?? ""} />
      <FoldedFilters
        count={activeFilterCount(search, { pricesApply: choices.currencySymbol !== null })}
        open={freeOnRefused !== null}
        actions={<NearMeButton search={search} />}
      >
        <div className="search-filters__row">
          <SelectFilter
            name="city"
            label="search.city"
            any="search.anyCity"
            choices={choices.cities}
            value={search.city}
          />
          {choices.neighborhoods.length > 0 ? (
            <SelectFilter
              name="neighborhood"
              label="search.neighborhood"
              any="search.anyNeighborhood"
              choices={choices.neighborhoods}
              value={search.neighborhood}
            />
          ) : null}
          <SelectFilter
            name="service"
            label="search.service"
            any="search.anyService"
            choices={choices.services}
            value={search.service}
          />
          <SelectFilter
            name="type"
            label="search.businessType"
            any="search.anyBusinessType"
            choices={choices.businessTypes}
            value={search.type}
          />
          <SelectFilter
            name="rating_min"
            label="search.rating"
            any="search.anyRating"
            choices={RATINGS.map((rating) => ({
              value: String(rating),
              label: t("search.ratingAtLeast", { rating: number.format(rating) }),
            }))}
            value={search.rating_min}
          />
          {choices.currencySymbol ? (
            <>
              <PriceFilter
                name="price_min"
                label={t("search.priceMin", { currency: choices.currencySymbol })}
                value={search.price_min}
              />
              <PriceFilter
                name="price_max"
                label={t("search.priceMax", { currency: choices.currencySymbol })}
                value={search.price_max}
              />
            </>
          ) : null}
          <FreeOnFilter
            search={search}
            date={search.free_on ?? freeOnAsked}
            dates={choices.freeOnDates}
            refused={freeOnRefused}
          />
          <SelectFilter
            name="sort"
            label="search.sort"
            any="search.sortBest"
            choices={[
              { value: "rating", label: t("search.sortRating") },
              { value: "price", label: t("search.sortPrice") },
              ...(search.near ? [{ value: "distance", label: t("search.sortDistance") }] : []),
            ]}
            value={search.sort}
          />
        </div>
      </FoldedFilters>
      {/* Kept across filter changes: chosen elsewhere (the services page, "Near me"). */}
      {search.category ? <input type="hidden" name="category" value={search.category} /> : null}
      {search.near ? <input type="hidden" name="near" value={search.near} /> : null}
    </Form>
  );
}
