import { Suspense, useState } from "react";
import type { ConfirmDialogProps } from "./ConfirmDialogModal.tsx";
import { loadOnDemand } from "./load-on-demand.ts";

const modal = loadOnDemand(() => import("./ConfirmDialogModal.tsx").then((module) => module.ConfirmDialogModal));

/** Fetches the dialog's code ahead of time: call it on pointerenter/focus of the control that opens it. */
export const preloadConfirmDialog = modal.preload;

/**
 * A modal question with two answers; focus stays inside until one is chosen. Its code loads when it
 * first opens (or on preloadConfirmDialog), and it stays mounted afterwards so it can animate closed.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <modal.Component {...props} />
    </Suspense>
  );
}
