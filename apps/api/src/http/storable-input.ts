/**
 * What every value a client sends must be before any query runs: text PostgreSQL stores as it was meant. Pure
 * functions; http/input-edge.ts applies them to every request (docs/decisions/0024-input-edge.md).
 */

/** Any one query value: a URL is read whole by proxies and logs, and no filter of ours needs more. */
export const MAX_QUERY_VALUE_LENGTH = 1_000;
/** Distinct query parameters per request: the longest legitimate query (search with every filter) has 15. */
export const MAX_QUERY_PARAMETERS = 50;
/** Objects and arrays nested in a request body: JSON:API documents need 6 levels; walking more is wasted work. */
export const MAX_BODY_DEPTH = 32;

/** Why a text cannot be stored as sent, or undefined when it can. */
export function unstorableText(value: string): string | undefined {
  if (value.includes("\u0000")) return "contains a NUL character";
  // A lone UTF-16 surrogate is not a character: PostgreSQL would store U+FFFD instead (JSON "\ud800" makes one).
  if (!value.isWellFormed()) return "is not valid Unicode text";
  return undefined;
}

/** Percent-decoding that refuses what is not UTF-8 (URLSearchParams would quietly put U+FFFD in its place). */
function decodeStrictly(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

export interface QueryProblem {
  /** The parameter's name, as far as it can be read. */
  parameter: string;
  detail: string;
}

/** Checks a raw query string (after `?`) as sent, before any parser has decoded and repaired it. */
export function findQueryProblem(rawQuery: string): QueryProblem | undefined {
  const pairs = rawQuery.split("&").filter(Boolean);
  const names = new Set<string>();
  for (const pair of pairs) {
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const rawValue = separator === -1 ? "" : pair.slice(separator + 1);
    const name = decodeStrictly(rawName);
    if (name === undefined) {
      return { parameter: "query", detail: "A query parameter's name is not UTF-8 percent-encoded text." };
    }
    const nameProblem = unstorableText(name);
    if (nameProblem) return { parameter: "query", detail: `A query parameter's name ${nameProblem}.` };
    names.add(name);
    const value = decodeStrictly(rawValue);
    if (value === undefined) {
      return { parameter: name, detail: `${name} is not UTF-8 percent-encoded text.` };
    }
    const valueProblem = unstorableText(value);
    if (valueProblem) return { parameter: name, detail: `${name} ${valueProblem}.` };
    if (value.length > MAX_QUERY_VALUE_LENGTH) {
      return { parameter: name, detail: `${name} is longer than ${MAX_QUERY_VALUE_LENGTH} characters.` };
    }
  }
  if (names.size > MAX_QUERY_PARAMETERS) {
    return { parameter: "query", detail: `A request takes at most ${MAX_QUERY_PARAMETERS} query parameters.` };
  }
  return undefined;
}

export interface BodyProblem {
  /** JSON Pointer (RFC 6901) to the member. */
  pointer: string;
  detail: string;
}

const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * The first string (value or member name) in a parsed body that cannot be stored, or nesting past
 * MAX_BODY_DEPTH. Iterative, so a hostile body cannot exhaust the stack.
 */
export function findBodyProblem(body: unknown): BodyProblem | undefined {
  const pending: Array<{ value: unknown; pointer: string; depth: number }> = [{ value: body, pointer: "", depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, pointer, depth } = next;
    if (typeof value === "string") {
      const problem = unstorableText(value);
      if (problem) return { pointer: pointer || "/", detail: `This value ${problem}.` };
      continue;
    }
    if (typeof value !== "object" || value === null || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return { pointer: pointer || "/", detail: `The body nests deeper than ${MAX_BODY_DEPTH} levels.` };
    }
    for (const [key, member] of Object.entries(value)) {
      const memberPointer = `${pointer}/${escapePointer(key)}`;
      const keyProblem = unstorableText(key);
      if (keyProblem) return { pointer: memberPointer, detail: `This member's name ${keyProblem}.` };
      pending.push({ value: member, pointer: memberPointer, depth: depth + 1 });
    }
  }
  return undefined;
}
