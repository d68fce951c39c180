/** What a push carries (spec section 3): the notification's words and where a click goes. */
export interface PushMessage {
  title: string;
  body: string;
  data: { action_url: string; notification_id: string };
}

/**
 * The largest payload we send, in bytes of JSON. Web Push records are at most 4096 bytes (RFC 8291), of which
 * aes128gcm takes 103 (header, padding delimiter, tag); FCM's data and notification together take 4096 too. What
 * is left under 3800 is margin.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 3_800;
const TITLE_MAX_CHARACTERS = 200;
const ELLIPSIS = "…";

const byteLength = (message: PushMessage) => Buffer.byteLength(JSON.stringify(message), "utf8");

/** The first `count` characters (code points, so no emoji is cut in half), with an ellipsis when shortened. */
function cut(text: string, count: number): string {
  const characters = Array.from(text);
  if (characters.length <= count) return text;
  return `${characters.slice(0, Math.max(0, count)).join("").trimEnd()}${ELLIPSIS}`;
}

/**
 * The push of a notification, within MAX_PUSH_PAYLOAD_BYTES: a long title is cut at 200 characters, then the
 * body is shortened (ending in "…") until the JSON fits. The action URL is never cut (a cut link would lead
 * nowhere): one that cannot fit is replaced by the home page.
 */
export function pushMessage(input: {
  title: string;
  body: string;
  actionUrl: string;
  notificationId: string;
}): PushMessage {
  const title = cut(input.title, TITLE_MAX_CHARACTERS);
  const fixed = { title, body: "", data: { action_url: input.actionUrl, notification_id: input.notificationId } };
  if (byteLength(fixed) > MAX_PUSH_PAYLOAD_BYTES) fixed.data.action_url = "/";
  const whole = { ...fixed, body: input.body };
  if (byteLength(whole) <= MAX_PUSH_PAYLOAD_BYTES) return whole;
  // Binary search on the number of characters kept: JSON escapes make bytes per character vary.
  let low = 0;
  let high = Array.from(input.body).length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (byteLength({ ...fixed, body: cut(input.body, middle) }) <= MAX_PUSH_PAYLOAD_BYTES) low = middle;
    else high = middle - 1;
  }
  return { ...fixed, body: cut(input.body, low) };
}
