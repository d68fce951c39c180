import type { FormDeliveryType } from "@termin/contracts/form-resources";
import type { TranslationKey } from "../i18n/i18n.ts";

/** When the business wants the form (spec: delivery_type), in the catalogs' words. */
export const DELIVERY_TYPE_LABELS: Record<FormDeliveryType, TranslationKey> = {
  before_first_visit: "forms.delivery.before_first_visit",
  before_each_visit: "forms.delivery.before_each_visit",
  on_request: "forms.delivery.on_request",
};
