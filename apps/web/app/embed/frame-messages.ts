/**
 * What a framed page tells the page that embeds it (decision 0047), by `postMessage`, always to that page's origin
 * only. The loader (embed-loader/loader.ts) accepts them only from our origin and only from its own iframe.
 */
export type FrameMessage =
  | { termin: 1; type: "height"; height: number }
  | { termin: 1; type: "ready"; detail: FrameWords }
  | { termin: 1; type: "page" }
  | { termin: 1; type: "booking-completed"; detail: BookingCompleted }
  | { termin: 1; type: "booking-cancelled"; detail: { appointmentId: string } };

/** The words the loader shows around the frame, in the frame's language, and the business's colour. */
export interface FrameWords {
  /** The iframe's title, for screen readers. */
  title: string;
  /** The modal's close button. */
  close: string;
  /** The floating button. */
  book: string;
  brand: string;
}

/** What the host page learns of a booking: no name, no e-mail, nothing of the client. */
export interface BookingCompleted {
  appointmentId: string;
  startsAt: string;
  /** The amount in minor units of `currency` (cents), and whether it is still to be paid online. */
  amountMinor: number;
  currency: string;
  paymentPending: boolean;
}

const PARENT_ORIGIN_KEY = "termin-embed-parent";

/**
 * The origin of the page that frames this one: the browser's own word where it gives it (ancestorOrigins), else
 * the one the loader wrote in the first address's fragment (`#origin=…`), kept for the frame's later pages.
 */
export function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const told = new URLSearchParams(window.location.hash.slice(1)).get("origin");
  try {
    if (told) sessionStorage.setItem(PARENT_ORIGIN_KEY, told);
  } catch {
    // Storage refused (a blocked third-party context): the browser's word below still serves.
  }
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return told ?? sessionStorage.getItem(PARENT_ORIGIN_KEY);
  } catch {
    return told;
  }
}

/** Sends a message to the framing page; nothing when this page is not framed or its framer is unknown. */
export function tellParent(message: FrameMessage): void {
  const origin = parentOrigin();
  if (origin) window.parent.postMessage(message, origin);
}
