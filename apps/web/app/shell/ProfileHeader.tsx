import { sizedImage } from "../lib/api-asset.ts";
import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Viewer } from "../lib/start-up.server.ts";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

/** The side menu's profile header: the client's name and avatar linking to settings, or 'Your profile'. */
export function ProfileHeader({ viewer, onNavigate }: { viewer: Viewer | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const avatar = viewer?.avatarUrl ? (
    <img className="avatar" src={sizedImage(viewer.avatarUrl, 96)} alt="" width={40} height={40} />
  ) : (
    <span className="avatar" aria-hidden="true">
      <Icon name="user" />
    </span>
  );
  if (!viewer) {
    return (
      <div className="side-menu__profile">
        {avatar}
        <span>{t("menu.yourProfile")}</span>
      </div>
    );
  }
  return (
    <Link className="side-menu__profile" to={to("settings")} onClick={onNavigate}>
      {avatar}
      <span className="side-menu__profile-name" translate="no">
        {viewer.displayName}
        <span className="side-menu__profile-email">{viewer.email}</span>
      </span>
    </Link>
  );
}
