import { useRef } from "react";

/** The focus handlers of a Radix dialog's content (Dialog.Content, AlertDialog.Content). */
export interface ReturnFocusHandlers {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Gives focus back to the control that opened a dialog when it closes. Radix returns it to its own Trigger, but
 * our dialogs open from state (a tab, a menu entry, a lazily loaded modal), so without this focus fell to the
 * body and the next Tab started over at the skip link. The opener is read as the dialog mounts, before Radix
 * moves focus inside.
 */
export function useReturnFocus(): ReturnFocusHandlers {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current;
      opener.current = null;
      // An opener that left the page (the dialog's answer changed it) is someone else's to replace.
      if (!target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
