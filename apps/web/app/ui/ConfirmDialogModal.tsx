import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import styles from "./confirm-dialog.module.css";
import { useReturnFocus } from "./use-return-focus.ts";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  confirmLabel: string;
  /** Without one the question has a single answer (the app's update, which cannot be declined). */
  cancelLabel?: string;
  /** The confirming control, e.g. a form's submit button; defaults to a button calling onConfirm. */
  confirm?: ReactNode;
  onConfirm?: () => void;
}

/** ConfirmDialog's modal (Radix alert dialog), loaded the first time a question is asked. */
export function ConfirmDialogModal(props: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog} {...returnFocus}>
          <AlertDialog.Title className={styles.title}>{props.title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.body}>{props.body}</AlertDialog.Description>
          <div className={styles.actions}>
            {props.cancelLabel ? (
              <AlertDialog.Cancel className="button button--secondary">{props.cancelLabel}</AlertDialog.Cancel>
            ) : null}
            {props.confirm ?? (
              <AlertDialog.Action className="button button--danger" onClick={props.onConfirm}>
                {props.confirmLabel}
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
