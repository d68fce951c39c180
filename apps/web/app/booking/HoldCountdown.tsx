import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatCountdown } from "../lib/format.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

function remaining(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/**
 * How long a held time stays kept, counting down each second once the page runs in a browser (the server
 * says only that it is held, so the page hydrates alike). At zero it calls `onExpire` once: the page asks
 * the server again, which re-checks the time.
 */
export function HoldCountdown({ expiresAt, onExpire }: { expiresAt: string; onExpire: () => void }) {
  const { t, language } = useTranslation();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (remaining(expiresAt, at) === 0) {
        clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, onExpire]);
  const seconds = remaining(expiresAt, now);
  if (!hydrated) return <span className="hold-state hold-state--held">{t("basket.held")}</span>;
  return (
    <span className="hold-state hold-state--held">
      {t("basket.heldFor", { time: formatCountdown(seconds, language) })}
    </span>
  );
}
