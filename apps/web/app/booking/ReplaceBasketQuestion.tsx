import { Form, Link } from "react-router";
import type { Ref } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import type { BasketClash } from "./basket.ts";

/** What the booking form sent, asked again with `replace=1` once the client agrees to a new basket. */
export interface ReplaceBasketQuestionData {
  clash: BasketClash;
  otherPlace: string;
  fields: { price: string; employee: string; startsAt: string; intent: "add" | "book-now" };
}

/**
 * A basket holds one place's services of one day, and a class's seats alone, so a time at another place or on
 * another day (or a class beside services) would start a new one: the page asks first,
 * in a form of its own (it works without JavaScript), and keeping the basket is the other choice beside it.
 */
export function ReplaceBasketQuestion({
  question,
  pending,
  ref,
}: {
  question: ReplaceBasketQuestionData;
  pending: boolean;
  ref: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { price, employee, startsAt, intent } = question.fields;
  return (
    <section className="booking-question" aria-labelledby="replace-basket-title" tabIndex={-1} ref={ref}>
      <h3 id="replace-basket-title" className="booking-question__title">
        {t("booking.replaceTitle")}
      </h3>
      <ReplaceBasketReason clash={question.clash} place={question.otherPlace} />
      <Form method="post" className="booking-form__actions">
        <input type="hidden" name="price" value={price} />
        <input type="hidden" name="employee" value={employee} />
        <input type="hidden" name="startsAt" value={startsAt} />
        <input type="hidden" name="replace" value="1" />
        <SubmitButton pending={pending} name="intent" value={intent} className="button">
          {t("booking.replaceConfirm")}
        </SubmitButton>
        <Link className="button button--secondary" to={to("basket")}>
          {t("booking.replaceKeep")}
        </Link>
      </Form>
    </section>
  );
}

const REASON_KEY = {
  otherPlace: "booking.replaceBody",
  otherDay: "booking.replaceBodyDay",
  classAlone: "booking.replaceBodyClass",
  holdsClass: "booking.replaceBodyHoldsClass",
} as const;

/** Why a new basket: another place's or another day's services, or a class beside services (booked on its own). */
export function ReplaceBasketReason({ clash, place }: { clash: BasketClash; place: string }) {
  const { t } = useTranslation();
  return <p>{t(REASON_KEY[clash], { place })}</p>;
}
