import type { FormErrors } from "../../ui/form/field-errors.ts";
import type { ProfileValues } from "./profile-values.ts";

/** What an action answers the page with; `intent` says which section it is about. */
export type SettingsAnswer =
  | { intent: "profile"; ok: true }
  | { intent: "profile"; ok: false; errors: FormErrors; values: ProfileValues }
  | { intent: "avatar"; ok: true }
  | { intent: "avatar"; ok: false; error: string }
  | { intent: "remove-avatar"; ok: true }
  | { intent: "password"; ok: true }
  | { intent: "password"; ok: false; errors: FormErrors }
  | { intent: "delete-account"; ok: true };
