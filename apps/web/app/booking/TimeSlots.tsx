import { useTranslation } from "../i18n/i18n-context.tsx";
import type { PickerTime } from "./picker.ts";
import { groupByPartOfDay, PART_OF_DAY_NAMES } from "./slot-times.ts";

/**
 * The free times of a day as radio buttons grouped by part of the day (morning, afternoon, evening), so
 * a form posts the chosen one; arrow keys move between them as in any radio group.
 */
export function TimeSlots({
  times,
  name = "startsAt",
  defaultValue,
}: {
  times: readonly PickerTime[];
  name?: string;
  defaultValue?: string | undefined;
}) {
  const { t } = useTranslation();
  const initial = defaultValue ?? (times.length === 1 ? times[0]?.startsAt : undefined);
  return (
    <div className="time-groups">
      {groupByPartOfDay(times).map((group) => (
        <fieldset key={group.part} className="time-group">
          <legend className="time-group__legend">{t(PART_OF_DAY_NAMES[group.part])}</legend>
          <div className="time-group__times">
            {group.slots.map((time) => (
              <label key={time.startsAt} className="time-chip">
                <input
                  type="radio"
                  name={name}
                  value={time.startsAt}
                  required
                  defaultChecked={time.startsAt === initial}
                />
                <span>{time.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
