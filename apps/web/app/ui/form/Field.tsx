import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  name: string;
  /** The server's message for this field (shown under it, announced with it). */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for screen readers (aria-describedby). */
export function Field({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={["field", error ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id}>
      {message}
    </p>
  );
}

/**
 * A message for the whole form (wrong password, network trouble): announced as soon as it appears. With a ref it can
 * take focus, for a page that moves the reader to it.
 */
export function FormAlert({ message, ref }: { message: string | undefined; ref?: Ref<HTMLParagraphElement> }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert" ref={ref} tabIndex={ref ? -1 : undefined}>
      {message}
    </p>
  );
}
