/**
 * The last instant a client may cancel online: the business's notice before the start. Shared by the API (which
 * refuses a later cancellation) and the checkout page (which must not promise one it would refuse).
 */
export function cancellationDeadline(startsAt: number, noticeHours: number): number {
  return startsAt - noticeHours * 3_600_000;
}
