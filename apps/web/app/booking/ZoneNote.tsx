import { useTranslation } from "../i18n/i18n-context.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * "Times in Eastern European Time": said when the device's zone is another than the place's. Only a browser
 * running scripts can tell, after hydration; until then the server's note shows only where scripts do not run
 * (a CSS `scripting` query: unlike <noscript> it also holds when a browser's scripts are switched off by emulation,
 * as in the tests), since times would otherwise be read at the wrong clock unannounced.
 */
export function ZoneNote({ timeZone, zoneName }: { timeZone: string; zoneName: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (hydrated && Intl.DateTimeFormat().resolvedOptions().timeZone === timeZone) return null;
  return (
    <p className={hydrated ? "booking-zone" : "booking-zone booking-zone--without-scripts"}>
      {t("location.timeZone", { zone: zoneName })}
    </p>
  );
}
