/** A push as the spec gives its payload (section 3): title, body, data.action_url. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click leads: an in-app path, with or without a language; null goes home (spec section 8). */
  actionUrl: string | null;
}

/** The type of the message the service worker posts to a page in the foreground. */
export const PUSH_MESSAGE_TYPE = "termin:push";

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

/**
 * The message in a push's payload (JSON `{title, body, data: {action_url}}`), or null when it is not one: a push
 * service may deliver anything sent to the address, so nothing is trusted beyond these three strings.
 */
export function readPushPayload(payload: string | null | undefined): PushMessage | null {
  if (!payload) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  return readPushMessage(parsed);
}

/**
 * The message in a push already parsed: the web's payload, or the notification the native app's push plugin hands
 * over (`{title, body, data}`, FCM's data a flat map of strings). The same three strings are trusted either way.
 */
export function readPushMessage(parsed: unknown): PushMessage | null {
  if (typeof parsed !== "object" || parsed === null) return null;
  const { title, body, data } = parsed as Record<string, unknown>;
  const titleText = text(title);
  if (!titleText) return null;
  const actionUrl =
    typeof data === "object" && data !== null ? text((data as Record<string, unknown>).action_url) : null;
  return { title: titleText, body: text(body) ?? "", actionUrl };
}

/** The message a page got from its service worker, if it is a push (anything else posted is not ours to read). */
export function pushMessageOf(data: unknown): PushMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, message } = data as { type?: unknown; message?: unknown };
  if (type !== PUSH_MESSAGE_TYPE || typeof message !== "object" || message === null) return null;
  const { title, body, actionUrl } = message as Record<string, unknown>;
  if (typeof title !== "string" || typeof body !== "string") return null;
  return { title, body, actionUrl: typeof actionUrl === "string" ? actionUrl : null };
}
