import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { useLanguage } from "../lib/use-language.ts";
import { LoadingOverlay } from "../ui/LoadingOverlay.tsx";
import { LanguageTriggerLabel, useLanguageTriggerName } from "./LanguageTriggerLabel.tsx";

/**
 * The language list behind LanguageMenu's trigger, loaded on first use and mounted open. Each entry is
 * a plain link with ?language=xx: the server stores the choice and answers with the same page in it.
 */
export function LanguageDropdown() {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const [switching, setSwitching] = useState(false);
  const name = useLanguageTriggerName();

  return (
    <>
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger className="language-trigger" aria-label={name}>
          <LanguageTriggerLabel />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="language-menu" sideOffset={4} align="end">
            {SUPPORTED_LANGUAGES.map((code) => (
              <DropdownMenu.Item key={code} asChild onSelect={() => code !== language && setSwitching(true)}>
                <a
                  href={`${pathname}?language=${code}`}
                  hrefLang={code}
                  lang={code}
                  aria-current={code === language ? "true" : undefined}
                >
                  {LANGUAGE_NAMES[code]}
                </a>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LoadingOverlay active={switching} />
    </>
  );
}
