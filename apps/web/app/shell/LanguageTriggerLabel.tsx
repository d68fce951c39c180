import { LANGUAGE_NAMES } from "@termin/domain/languages";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

/**
 * The language trigger's face: a globe and the current language's own name, then what the button is for in
 * words only screen readers get. The visible name starts the accessible one ("Deutsch, Sprache"), so people who
 * speak what they see can name the button (WCAG 2.5.3 Label in Name).
 */
export function LanguageTriggerLabel() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <>
      <Icon name="globe" />
      <span>{LANGUAGE_NAMES[language]}</span>
      <span className="visually-hidden">, {t("menu.language")}</span>
    </>
  );
}
