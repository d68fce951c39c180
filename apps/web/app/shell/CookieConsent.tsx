import { useEffect, useRef, useSyncExternalStore } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { SubmitButton } from "../ui/SubmitButton.tsx";

const subscribeToNothing = () => () => undefined;

/**
 * Cookie notice until accepted (spec sections 2 and 4); works without JavaScript too. It opens the page, in the flow
 * above the top bar: right after the skip link in the Tab order, and never over a control that has focus (a notice
 * floating over the page's bottom hid the phone link, Book and Cancel until accepted, WCAG 2.4.11).
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { cookieConsentAccepted } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  // With JavaScript the answer stays on this page (no redirect: no second history entry for the same page).
  const inPage = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  // The notice goes with its button: the reader goes on in the page, not from the top of the document. Only when
  // the focus went with it: someone who tapped the search field meanwhile goes on typing there.
  const answered = useRef(false);
  useEffect(() => {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (cookieConsentAccepted && answered.current && focusLost) {
      document.getElementById("main")?.focus({ preventScroll: true });
    }
  }, [cookieConsentAccepted]);
  if (cookieConsentAccepted) return null;

  return (
    <section className="cookie-consent" aria-label={t("cookieConsent.label")}>
      <p>
        {t("cookieConsent.text")} <Link to={to("pages/cookies")}>{t("cookieConsent.policyLink")}</Link>
      </p>
      <fetcher.Form method="post" action="/cookie-consent" onSubmit={() => (answered.current = true)}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {inPage ? <input type="hidden" name="stay" value="1" /> : null}
        <SubmitButton pending={fetcher.state !== "idle"} className="button">
          {t("cookieConsent.accept")}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}
