import type { ReactElement } from "react";
import { createRoutesStub, useLocation } from "react-router";
import type { Site } from "@termin/contracts/site";
import { PersonalProvider } from "../app/client-area/personal.tsx";
import type { PublicConfig } from "../app/lib/config.server.ts";
import type { RootData } from "../app/lib/use-language.ts";
import { ToastProvider } from "../app/ui/toast/ToastProvider.tsx";
import { renderWithI18n } from "./render-with-i18n.tsx";

export const TEST_CONFIG: PublicConfig = {
  appName: "Termin",
  appVersion: "1.2.3",
  appBuild: "45",
  publicUrl: "https://termin.example/",
  businessPartnersUrl: "https://partners.termin.example/",
  storeLinks: { googlePlay: "https://play.example/termin" },
  defaultLanguage: "en",
  botCheckSiteKey: null,
  socialLogin: null,
  googleClientIds: null,
  errorReporting: null,
};

const MARKETPLACE: Site = { mode: "marketplace", origin: "https://termin.example" };

/** Shows where the router is, for tests that follow a navigation. */
function Where() {
  const { pathname } = useLocation();
  return <output aria-label="Current page">{pathname}</output>;
}

/**
 * Renders `ui` as a part of the shell: under the root route (its data as given), with the client's own parts and
 * toasts, at `/en/home`; every other `/en/*` address renders the same, so a navigation can be followed.
 */
export function renderInRoot(ui: ReactElement, root: Partial<RootData> = {}, path = "/en/home") {
  const data: RootData = {
    language: "en",
    config: TEST_CONFIG,
    cookieConsentAccepted: true,
    signedIn: false,
    viewer: null,
    unreadNotifications: 0,
    basketCount: 0,
    site: MARKETPLACE,
    ...root,
  };
  const Page = () => (
    <PersonalProvider>
      <ToastProvider>
        {ui}
        <Where />
      </ToastProvider>
    </PersonalProvider>
  );
  const Stub = createRoutesStub([{ id: "root", path: "/en/*", loader: () => data, Component: Page }]);
  return renderWithI18n(<Stub initialEntries={[path]} />);
}
