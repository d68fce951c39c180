import { Form } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

/** The marketplace search field: a plain GET form, so it works before hydration and shares as a URL. */
export function SearchBox({ defaultValue = "", autoFocus = false }: { defaultValue?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <Form method="get" action={to("search")} role="search" className="search-box">
      <label htmlFor="search-q" className="visually-hidden">
        {t("search.label")}
      </label>
      <Icon name="search" className="search-box__icon" />
      <input
        id="search-q"
        name="q"
        type="search"
        className="search-box__input"
        defaultValue={defaultValue}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        // The search page itself focuses its field for people who came to type.
        autoFocus={autoFocus}
      />
      <button type="submit" className="button search-box__submit">
        {t("search.submit")}
      </button>
    </Form>
  );
}
