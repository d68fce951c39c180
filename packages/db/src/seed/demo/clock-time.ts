/** Minutes since midnight of an "HH:MM" wall-clock time ("24:00" is 1440). */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The "HH:MM" of minutes since midnight. */
export function clockTime(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Minutes rounded to the nearest multiple of a step. */
export function roundTo(minutes: number, step: number): number {
  return Math.round(minutes / step) * step;
}
