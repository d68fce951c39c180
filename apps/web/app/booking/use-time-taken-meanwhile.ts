import { useState, type FormEvent } from "react";
import type { PickerTime } from "./picker.ts";

interface Choice {
  /** The page's query (day, option, professional) the time was chosen on. */
  search: string;
  startsAt: string;
}

/**
 * Whether the time the client chose has left the list since, because the picker read its times again after someone
 * else booked it (live free times, decision 0048): without this the chosen radio just vanishes and "Book" asks for a
 * time with no word of why. Only a choice made on the same query counts: another day's list never holds it.
 * `takenChoice` is the lost choice (a new object per loss, for `useMoveFocus`) or null.
 */
export function useTimeTakenMeanwhile(times: readonly PickerTime[], search: string) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.type === "radio" && input.name === "startsAt") {
      setChoice({ search, startsAt: input.value });
    }
  };
  const taken = choice !== null && choice.search === search && !times.some((time) => time.startsAt === choice.startsAt);
  return { takenChoice: taken ? choice : null, onChange };
}
