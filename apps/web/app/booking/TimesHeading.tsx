import { useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { PickerData } from "./picker.ts";
import { useMoveFocus } from "../ui/use-move-focus.ts";

/**
 * "Time · Tuesday, 1 December": the title of a day's times. Choosing a day takes the reader here (the day's link
 * is replaced while the times load), so the next thing they hear or see is that day's times.
 */
export function TimesHeading({ picker }: { picker: PickerData }) {
  const { t } = useTranslation();
  const chosenDay = new URLSearchParams(useLocation().search).get("date");
  const ref = useMoveFocus<HTMLHeadingElement>(chosenDay, { onArrival: false });
  return (
    <h2 id="booking-time" className="booking-step__title" tabIndex={-1} ref={ref}>
      {t("booking.time")}
      {picker.selectedDateLabel ? <span className="booking-step__sub">{picker.selectedDateLabel}</span> : null}
    </h2>
  );
}
