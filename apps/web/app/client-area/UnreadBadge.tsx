import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatCount } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { useUnreadCount } from "./personal.tsx";

/** The signed-in client's unread notifications, and the words for them ("3 unread notifications"). */
export function useUnreadNotifications(): { count: number; text: string } {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const count = useUnreadCount();
  return { count, text: t("notifications.unreadCount", { count, formatted: formatCount(count, language) }) };
}

/** A count on the menu button and the Notifications link; screen readers hear it in words. Nothing at 0. */
export function UnreadBadge() {
  const { language } = useLanguage();
  const { count, text } = useUnreadNotifications();
  if (count === 0) return null;
  return (
    <>
      <span className="unread-badge" aria-hidden="true">
        {count > 99 ? `${formatCount(99, language)}+` : formatCount(count, language)}
      </span>
      <span className="visually-hidden">{text}</span>
    </>
  );
}
