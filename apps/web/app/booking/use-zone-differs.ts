import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * Whether the device's time zone is another than the location's, so times need the zone said beside them.
 * Known only in the browser: false on the server and while hydrating, so the page hydrates alike.
 */
export function useZoneDiffers(timeZone: string): boolean {
  const hydrated = useHydrated();
  if (!hydrated) return false;
  return Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
}
