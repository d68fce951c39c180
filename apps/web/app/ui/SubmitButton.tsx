import type { ButtonHTMLAttributes } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";

interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** True while the request this button sent is pending. */
  pending: boolean;
}

/** A submit button that is disabled and carries `is-loading` while its request is pending (spec section 4). */
export function SubmitButton({ pending, className, children, ...props }: SubmitButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      {...props}
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      className={[className, pending ? "is-loading" : null].filter(Boolean).join(" ")}
    >
      {children}
      {pending ? <span className="visually-hidden">{t("common.loading")}</span> : null}
    </button>
  );
}
