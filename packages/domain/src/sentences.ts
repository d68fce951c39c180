// Where a value written by Intl meets the words around it. Intl may end a value with an abbreviation's full stop
// ("11:00 μ.μ.", "2026 г."), so a text never adds its own stop blindly.

/** Ends a sentence with a full stop unless its last value already did ("… at 11:00 p.m."). */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/**
 * A value placed in a text just before `following`: without its own final full stop when the text goes on with
 * one, so an abbreviation at the end of a value ("11:00 μ.μ.", "2026 г.") and the sentence's stop make one, not two.
 */
export function valueBefore(value: string, following: string): string {
  return value.endsWith(".") && following.startsWith(".") ? value.slice(0, -1) : value;
}
