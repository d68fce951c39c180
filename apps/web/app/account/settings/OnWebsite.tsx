import type { MouseEvent } from "react";
import { useTranslation } from "../../i18n/i18n-context.tsx";

/**
 * A settings section the app's sign-in may not do (the API gives changing the password and deleting the account
 * to the web's own sign-in only, decision 0036): why, and the website's settings page, opened in the system
 * browser where the client signs in on the web. Only the app shows it, so the web build keeps a plain link.
 */
export function OnWebsite(props: { why: string; address: string }) {
  const { t } = useTranslation();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A build constant (vite.config.ts): the web build drops this branch and never has the plugin's chunk.
    if (import.meta.env.TERMIN_BUILD_TARGET !== "native") return;
    event.preventDefault();
    void import("@capacitor/browser").then(({ Browser }) => Browser.open({ url: props.address }));
  };
  return (
    <>
      <p>{props.why}</p>
      <p>
        <a className="button button--secondary" href={props.address} target="_blank" rel="noreferrer" onClick={open}>
          {t("settings.website.open")}
        </a>
      </p>
    </>
  );
}
