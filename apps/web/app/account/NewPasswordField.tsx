import { useTranslation } from "../i18n/i18n-context.tsx";
import { Field } from "../ui/form/Field.tsx";

/**
 * A password being chosen (sign-up, reset, change): the browser may suggest a strong one, and the rule the
 * API enforces (8 to 128 characters, not a common password) is said up front and checked as typed.
 */
export function NewPasswordField(props: { label: string; name: string; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Field
      label={props.label}
      name={props.name}
      type="password"
      autoComplete="new-password"
      required
      minLength={8}
      maxLength={128}
      hint={t("account.passwordRule")}
      error={props.error}
    />
  );
}
