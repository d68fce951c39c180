import { Suspense, useState } from "react";
import { loadOnDemand } from "../ui/load-on-demand.ts";
import { LanguageTriggerLabel, useLanguageTriggerName } from "./LanguageTriggerLabel.tsx";

const dropdown = loadOnDemand(() => import("./LanguageDropdown.tsx").then((module) => module.LanguageDropdown));

/**
 * Switches the language on the current page. The first paint has only the trigger; the dropdown
 * (Radix menu and positioning) loads when the pointer or focus reaches it, and opens on click.
 */
export function LanguageMenu() {
  const [opened, setOpened] = useState(false);
  const name = useLanguageTriggerName();
  const trigger = (
    <button
      type="button"
      className="language-trigger"
      aria-label={name}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={dropdown.preload}
      onFocus={dropdown.preload}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => event.key === "ArrowDown" && setOpened(true)}
    >
      <LanguageTriggerLabel />
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <dropdown.Component />
    </Suspense>
  );
}
