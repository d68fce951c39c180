import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";
import { useCategoryName } from "./category-names.ts";
import { useSearchSuggestions, type Suggestion } from "./use-search-suggestions.ts";

const KIND_KEYS = {
  marketplace_service: "search.kind.service",
  city: "search.kind.city",
  location: "search.kind.location",
} as const;

/**
 * The search text field with suggestions as you type (an ARIA combobox). It belongs in a GET form
 * to the search page: without JavaScript, or when nothing is picked, the form submits the text.
 */
export function SearchField({ defaultValue = "" }: { defaultValue?: string }) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(open ? text : "");
  const categoryName = useCategoryName();
  // A service's detail is its category's slug and a city's its country code: named in the page language here.
  const detailOf = (suggestion: Suggestion) => {
    if (suggestion.kind === "marketplace_service") return categoryName(suggestion.detail);
    if (suggestion.kind === "city") return new Intl.DisplayNames([language], { type: "region" }).of(suggestion.detail);
    return suggestion.detail;
  };
  const expanded = open && suggestions.length > 0;
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (expanded && list.current) fitAboveTabBar(list.current);
  }, [expanded, suggestions]);

  function choose(suggestion: Suggestion) {
    setOpen(false);
    if (suggestion.kind === "location") void navigate(to(`location/${suggestion.slug}`));
    else if (suggestion.kind === "city") void navigate(`${to("search")}?city=${suggestion.slug}`);
    else void navigate(`${to("search")}?service=${suggestion.slug}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Wraps through "no option" (-1), so the text the visitor typed can be submitted as is.
      setActive((current) => ((current + 1 + step + suggestions.length + 1) % (suggestions.length + 1)) - 1);
    } else if (event.key === "Escape") {
      setOpen(false);
    } else if (event.key === "Enter" && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  }

  return (
    <div className="search-box">
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t("search.label")}
      </label>
      <Icon name="search" className="search-box__icon" />
      <input
        id={`${id}-q`}
        name="q"
        type="search"
        className="search-box__input"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-suggestions`}
        aria-activedescendant={expanded && suggestions[active] ? `${id}-option-${active}` : undefined}
      />
      <button type="submit" className="button search-box__submit">
        {t("search.submit")}
      </button>
      <ul
        id={`${id}-suggestions`}
        role="listbox"
        aria-label={t("search.suggestions")}
        className="suggestions"
        hidden={!expanded}
        ref={list}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="suggestions__item"
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            <span>{suggestion.name}</span>
            <span className="suggestions__kind">
              {t(KIND_KEYS[suggestion.kind])}
              {suggestion.detail ? ` · ${detailOf(suggestion)}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Never shorter than this: two suggestions show even where the field sits low on the screen. */
const MIN_LIST_HEIGHT_PX = 112;

/**
 * The list ends above the phone's tab bar and on-screen keyboard (the visual viewport), scrolling inside itself,
 * instead of running on beneath them where no one can reach its last suggestions.
 */
function fitAboveTabBar(list: HTMLUListElement) {
  const viewportBottom = window.visualViewport?.height ?? window.innerHeight;
  const tabBar = document.querySelector(".tab-bar")?.getBoundingClientRect();
  const bottom = tabBar && tabBar.height > 0 ? Math.min(viewportBottom, tabBar.top) : viewportBottom;
  const room = bottom - list.getBoundingClientRect().top - 8;
  list.style.maxHeight = `${Math.max(room, MIN_LIST_HEIGHT_PX)}px`;
}
