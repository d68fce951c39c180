import { LANGUAGE_NAMES } from "@termin/domain/languages";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

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
