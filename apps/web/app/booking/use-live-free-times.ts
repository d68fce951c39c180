import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { browserApiBase } from "../api/api-origin.ts";
import { useRootData } from "../lib/use-language.ts";
import { concerns, MAX_FOLLOWED_LOCATIONS, type LiveChange, type LiveWatch } from "./live-free-times.ts";

/** How long the hook waits before it opens a stream again that the server refused or ended for good (a restart). */
const REOPEN_MS = 2_000;
const EVENTS = ["free-times", "seats", "reset"] as const;

/**
 * Keeps a page's free times or seats current without a reload (decision 0048): an EventSource on the API's
 * /v1c/free-time-changes for the watched locations (on the web the page's origin, which serves the API; in the app
 * the API's address), and the page's loaders run again (React Router's revalidation) when a change concerns what it
 * shows; changes that come while it reads are read together, once more. Closed when the page goes; nothing is opened without a watch.
 */
export function useLiveFreeTimes(watch: LiveWatch | null | undefined): void {
  const revalidator = useRevalidator();
  // The latest watch and revalidator, for events of a stream opened before them.
  const latest = useRef({ watch, revalidator });
  useEffect(() => {
    latest.current = { watch, revalidator };
  });
  const locations = watch?.locationIds.slice(0, MAX_FOLLOWED_LOCATIONS).join(",") ?? "";
  const api = browserApiBase(useRootData().config);

  useEffect(() => {
    if (locations === "") return;
    let reading = false;
    let again = false;
    const readAgain = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      latest.current.revalidator.revalidate().finally(() => {
        reading = false;
        if (again) {
          again = false;
          readAgain();
        }
      });
    };
    const onChange = (message: MessageEvent<string>) => {
      const current = latest.current.watch;
      const change = { event: message.type, ...(JSON.parse(message.data) as object) } as LiveChange;
      if (current && concerns(current, change)) readAgain();
    };

    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = (reopened: boolean) => {
      source = new EventSource(`${api}/v1c/free-time-changes?filter[location_id]=${locations}`);
      for (const event of EVENTS) source.addEventListener(event, onChange);
      // A new stream after one ended knows nothing of what happened meanwhile.
      if (reopened) source.addEventListener("open", readAgain, { once: true });
      source.addEventListener("error", () => {
        // EventSource reconnects by itself after a lost connection; a refusal (a draining server's 503) ends it.
        if (source?.readyState !== EventSource.CLOSED) return;
        reopen = setTimeout(() => open(true), REOPEN_MS);
      });
    };
    open(false);
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [api, locations]);
}
