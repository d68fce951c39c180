/** Where the calendar file of an appointment client is downloaded: `{PUBLIC_URL}/calendar/{token}.ics`, no sign-in. */
export function calendarLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/calendar/${encodeURIComponent(token)}.ics`;
}
