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

/**
 * A control's accessible name with the unread count after a comma ("Profile, 3 unread notifications"); the bare
 * label at 0. Hosts of an UnreadBadge use it as their aria-label, so the count is said once, in words.
 */
export function useWithUnreadCount(): (label: string) => string {
  const { count, text } = useUnreadNotifications();
  return (label) => (count > 0 ? `${label}, ${text}` : label);
}

/**
 * A count on the menu button, the Profile tab and the Notifications link, for the eyes only: the host's name says
 * it in words (useWithUnreadCount). Hidden words beside the badge were read after the host's name a second time.
 * Nothing at 0.
 */
export function UnreadBadge() {
  const { language } = useLanguage();
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className="unread-badge" aria-hidden="true">
      {count > 99 ? `${formatCount(99, language)}+` : formatCount(count, language)}
    </span>
  );
}
