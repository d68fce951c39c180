/** What a toggle's action answers: the state now, the like count if it has one, and whether it failed. */
export interface ToggleAnswer {
  on: boolean;
  count: number | null;
  failed?: boolean;
}

/** What a save or like toggle shows: on or off, and for likes the count. */
export interface ToggleState {
  on: boolean;
  count: number;
}

/**
 * The state to show: the one being sent (optimistic), else the one the server answered, else the page's.
 * A count moves by one only when the state really changes, the way the API counts.
 */
export function currentToggleState(
  page: ToggleState,
  pending: "on" | "off" | null,
  answered: ToggleAnswer | undefined,
): ToggleState {
  const settled: ToggleState = answered ? { on: answered.on, count: answered.count ?? moved(page, answered.on) } : page;
  return pending === null ? settled : { on: pending === "on", count: moved(settled, pending === "on") };
}

/** The count after turning a toggle on or off: one more or one less only if that changes it. */
function moved(from: ToggleState, on: boolean): number {
  return on === from.on ? from.count : from.count + (on ? 1 : -1);
}
