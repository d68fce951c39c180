import { useTranslation } from "../i18n/i18n-context.tsx";
import { REFERENCE_ATTRIBUTE, useRequestReference } from "../lib/request-reference.ts";

/** On an error page: the short request id a visitor can quote to support, when the server rendered the failure. */
export function ErrorReference() {
  const { t } = useTranslation();
  const reference = useRequestReference();
  if (!reference) return null;
  return <p {...{ [REFERENCE_ATTRIBUTE]: reference }}>{t("errors.reference", { reference })}</p>;
}
