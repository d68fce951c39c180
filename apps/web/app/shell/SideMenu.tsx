import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Link, useLocation, useSubmit } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData, useSiteNavigation } from "../lib/use-language.ts";
import { SWIPE_HORIZONTAL, useSwipe } from "../lib/use-swipe.ts";
import { useIsNativeApp } from "../pwa/native-app.ts";
import { Icon } from "../ui/icons.tsx";
import { useReturnFocus } from "../ui/use-return-focus.ts";
import { useSignedIn, useViewer } from "../client-area/personal.tsx";
import { UnreadBadge, useWithUnreadCount } from "../client-area/UnreadBadge.tsx";
import { LanguageMenu } from "./LanguageMenu.tsx";
import { LogoutDialog } from "./LogoutDialog.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { endPushOnThisDevice } from "../push/push-channel.ts";

interface MenuLink {
  path: string;
  label: string;
}

/**
 * The side menu (spec section 2): a bottom sheet on mobile, an end-side panel on desktop.
 * A horizontal swipe (direction 6) closes it.
 */
export function SideMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const { config } = useRootData();
  const viewer = useViewer();
  const signedIn = useSignedIn();
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const swipe = useSwipe({ directions: SWIPE_HORIZONTAL, onSwipe: () => onOpenChange(false) });
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus();
  const withUnreadCount = useWithUnreadCount();

  const find = useSiteNavigation<MenuLink>([
    { path: "services", label: t("nav.services") },
    { path: "classes", label: t("nav.classes") },
    { path: "locations", label: t("nav.locations") },
    { path: "inspiration", label: t("nav.lookBook") },
  ]);
  const account: MenuLink[] = [
    { path: "settings", label: t("menu.settings") },
    { path: "appointments", label: t("menu.myAppointments") },
    { path: "my-locations", label: t("menu.myLocations") },
    { path: "liked-pictures", label: t("menu.likedPictures") },
    { path: "my-memberships", label: t("menu.myMemberships") },
    { path: "forms", label: t("menu.myForms") },
    { path: "notifications", label: t("menu.notifications") },
  ];
  const signInPath = `sign-in?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;
  // The app is what "Download application" offers, so only the web has it; the legal pages, which the web links
  // from every page's footer, are in the app's menu.
  const native = useIsNativeApp();
  const help: MenuLink[] = [
    { path: "pages/contacts", label: t("menu.customerSupport") },
    ...(native ? [] : [{ path: "download-application", label: t("menu.downloadApp") }]),
  ];
  const legal: MenuLink[] = native
    ? [
        { path: "pages/terms", label: t("menu.terms") },
        { path: "pages/privacy-policy", label: t("menu.privacy") },
        { path: "pages/cookies", label: t("menu.cookies") },
      ]
    : [];

  const renderLinks = (links: MenuLink[]) => (
    <ul className="side-menu__list">
      {links.map((link) => (
        <li key={link.path}>
          <Link
            to={to(link.path)}
            onClick={close}
            aria-label={link.path === "notifications" ? withUnreadCount(link.label) : undefined}
          >
            {link.label}
            {link.path === "notifications" ? <UnreadBadge /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="side-menu__overlay" />
        <Dialog.Content className="side-menu" aria-describedby={undefined} {...swipe} {...returnFocus}>
          <div className="side-menu__header">
            <Dialog.Title className="side-menu__title">{t("menu.title")}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("menu.close")}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <ProfileHeader viewer={viewer} onNavigate={close} />
          <nav aria-label={t("menu.findLabel")}>
            <h2 className="side-menu__heading">{t("menu.find")}</h2>
            {renderLinks(find)}
          </nav>
          <nav aria-label={t("menu.accountLabel")}>
            {renderLinks(account)}
            <ul className="side-menu__list">
              <li>
                {signedIn ? (
                  <button type="button" className="side-menu__action" onClick={() => setConfirmingLogout(true)}>
                    {t("menu.logout")}
                  </button>
                ) : (
                  <Link to={to(signInPath)} onClick={close}>
                    {t("menu.signIn")}
                  </Link>
                )}
              </li>
            </ul>
          </nav>
          <nav aria-label={t("menu.helpLabel")}>
            {renderLinks(help)}
            <ul className="side-menu__list">
              <li>
                <a href={config.businessPartnersUrl} target="_blank" rel="noopener">
                  {t("menu.businessPartners")} <Icon name="external" width={16} height={16} />
                </a>
              </li>
            </ul>
            {legal.length > 0 ? renderLinks(legal) : null}
          </nav>
          <div className="side-menu__footer">
            <LanguageMenu />
            <p className="version-label">{t("menu.version", { version: config.appVersion, build: config.appBuild })}</p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
      <LogoutDialog
        open={confirmingLogout}
        onOpenChange={setConfirmingLogout}
        onConfirm={() => {
          close();
          // The next person on this device must not get this client's pushes: the subscription ends with the session.
          endPushOnThisDevice(language)
            .catch((error: unknown) => {
              console.warn("Push unsubscribe failed", error);
              return null;
            })
            .then((pushToken) => submit(pushToken ? { pushToken } : null, { method: "post", action: to("sign-out") }));
        }}
      />
    </Dialog.Root>
  );
}
