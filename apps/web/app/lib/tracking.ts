/** Where a visitor came from (spec section 3, "Tracking record"); sent as the app-tracking header. */
export interface TrackingRecord {
  referrer: string;
  landing_page: string;
  /** Seconds since the Unix epoch (spec section 5). */
  unixtime: number;
  current_page?: string;
  platforms: string[];
}

/**
 * A new record when the visit comes from another site or carries utm_ parameters
 * (spec section 5); undefined for internal navigation and direct visits.
 */
export function trackingFromArrival(options: {
  url: URL;
  referrer: string | null;
  now: Date;
  platforms: string[];
}): TrackingRecord | undefined {
  const { url, referrer, now, platforms } = options;
  const hasUtm = [...url.searchParams.keys()].some((key) => key.startsWith("utm_"));
  let external = false;
  if (referrer) {
    try {
      external = new URL(referrer).host !== url.host;
    } catch {
      external = false;
    }
  }
  if (!external && !hasUtm) return undefined;
  return {
    referrer: external && referrer ? referrer : "",
    landing_page: `${url.pathname}${url.search}`,
    unixtime: Math.floor(now.getTime() / 1000),
    platforms,
  };
}

export function parseTrackingRecord(raw: string | undefined): TrackingRecord | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as TrackingRecord).landing_page === "string" &&
      typeof (value as TrackingRecord).unixtime === "number"
    ) {
      return value as TrackingRecord;
    }
  } catch {
    // A damaged cookie is treated as no record.
  }
  return undefined;
}
