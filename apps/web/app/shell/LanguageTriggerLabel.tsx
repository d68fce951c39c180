import { LANGUAGE_NAMES } from "@termin/domain/languages";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

/**
 * The language trigger's accessible name: the current language's own name, then what the button is for
 * ("Deutsch, Sprache"). The visible name starts it, so people who speak what they see can name the button (WCAG
 * 2.5.3 Label in Name). A label rather than hidden text beside the name: Chromium joins a hidden span's text with a
 * space, and screen readers said "Deutsch , Sprache".
 */
export function useLanguageTriggerName(): string {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return `${LANGUAGE_NAMES[language]}, ${t("menu.language")}`;
}

/** The language trigger's face: a globe and the current language's own name. */
export function LanguageTriggerLabel() {
  const { language } = useLanguage();
  return (
    <>
      <Icon name="globe" />
      <span>{LANGUAGE_NAMES[language]}</span>
    </>
  );
}
