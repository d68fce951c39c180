import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { useToast } from "../ui/toast/toast-context.ts";
import { currentToggleState, type ToggleAnswer, type ToggleState } from "./toggle-state.ts";

/**
 * A save or like toggle posting to its resource route with a fetcher: the state shown at once (optimistic),
 * then the server's answer; a failure goes back to the page's state and says so in a toast. Toggles of the
 * same thing share one fetcher (`key`), so two hearts of one place agree.
 */
export function useToggle(options: { key: string; page: ToggleState; onIntent: string; failed: string }) {
  const fetcher = useFetcher<ToggleAnswer>({ key: options.key });
  const showToast = useToast();
  const { pathname, search } = useLocation();
  const sent = fetcher.formData?.get("intent");
  const pending = sent === undefined || sent === null ? null : sent === options.onIntent ? "on" : "off";
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.failed) showToast({ body: options.failed, color: "danger" });
  }, [answer, options.failed, showToast]);
  return {
    Form: fetcher.Form,
    state: currentToggleState(options.page, pending, answer),
    /** The page to come back to (sign-in, or a browser without JavaScript). */
    returnPath: `${pathname}${search}`,
  };
}
