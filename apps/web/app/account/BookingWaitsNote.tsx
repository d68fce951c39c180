import { useTranslation } from "../i18n/i18n-context.tsx";

/** A booking step sent the visitor here (checkout, the basket, a service's times; also inside an embed). */
const isBookingStep = (returnTo: string): boolean => /\/(?:checkout|basket)(?:[?#]|$)|\/book\//.test(returnTo);

/**
 * On the sign-in and sign-up pages when a booking brought the visitor there: why they are asked, and that the time
 * they chose is not lost (a new user meeting a bare sign-in form after "Book now" could not tell).
 */
export function BookingWaitsNote({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return isBookingStep(returnTo) ? <p className="form-note">{t("account.bookingWaits")}</p> : null;
}
