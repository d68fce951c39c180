import { Form, useNavigation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatDuration, formatPrice } from "../lib/format.ts";
import { useSignedIn } from "../client-area/personal.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import type { BasketLine } from "./basket-view.ts";
import { HoldCountdown } from "./HoldCountdown.tsx";

/** Buttons moving an entry to one of the offered free times (the same form on basket and checkout). */
export function AlternativeTimes({
  lineKey,
  alternatives,
}: {
  lineKey: string;
  alternatives: BasketLine["alternatives"];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "alternative";
  if (alternatives.length === 0) return <p className="basket-line__note">{t("basket.noAlternatives")}</p>;
  return (
    <div className="alternatives">
      <p className="basket-line__note">{t("basket.alternatives")}</p>
      <ul className="alternatives__list">
        {alternatives.map((alternative) => (
          <li key={alternative.startsAt}>
            <Form method="post">
              <input type="hidden" name="intent" value="alternative" />
              <input type="hidden" name="key" value={lineKey} />
              <input type="hidden" name="startsAt" value={alternative.startsAt} />
              <input type="hidden" name="employeeIds" value={alternative.employeeIds.join(",")} />
              <SubmitButton
                pending={busy && navigation.formData?.get("startsAt") === alternative.startsAt}
                disabled={busy}
                className="button button--secondary button--small"
              >
                {alternative.label}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The basket's services: what, who, when (at the place's clock), the price, and where the time stands. */
export function BasketLines({
  lines,
  onHoldExpired,
  removable = true,
}: {
  lines: readonly BasketLine[];
  onHoldExpired: () => void;
  removable?: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const signedIn = useSignedIn();
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" && navigation.formData?.get("intent") === "remove";
  // Titled, so each service's h3 sits under an h2 as on the appointment page (headings go down one level at a time).
  return (
    <section className="booking-step" aria-labelledby="basket-services">
      <h2 id="basket-services" className="booking-step__title">
        {t("appointment.services")}
      </h2>
      <ul className="basket-lines">
        {lines.map((line) => (
          <li key={line.key} className={`basket-line basket-line--${line.state}`}>
            <div className="basket-line__main">
              {/* Names the business wrote, in its own language. */}
              <h3 className="basket-line__service" translate="no">
                {line.serviceName}
                {line.variantName ? <span className="basket-line__variant"> · {line.variantName}</span> : null}
              </h3>
              <p className="basket-line__when">{line.when}</p>
              <p className="basket-line__who">
                {line.employeeName ? <span translate="no">{line.employeeName}</span> : t("booking.anyEmployee")} ·{" "}
                {formatDuration(line.durationMinutes, language)}
                {line.seats === null ? null : ` · ${t("classes.seatCount", { count: line.seats })}`}
              </p>
              {line.state === "held" && line.holdExpiresAt ? (
                <HoldCountdown expiresAt={line.holdExpiresAt} onExpire={onHoldExpired} />
              ) : line.state === "free" ? (
                <span className="hold-state">{signedIn ? t("basket.notHeld") : t("basket.signInToHold")}</span>
              ) : null}
            </div>
            <div className="basket-line__side">
              <p className="basket-line__price">
                {formatPrice(line.coveredByMembership ? 0 : line.priceMinor, line.currency, language)}
              </p>
              {line.coveredByMembership ? (
                <p className="basket-line__covered">{t("booking.coveredByMembership")}</p>
              ) : null}
              {removable ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="key" value={line.key} />
                  <SubmitButton
                    pending={removing && navigation.formData?.get("key") === line.key}
                    className="button button--secondary button--small"
                    aria-label={t("basket.removeService", { service: line.serviceName })}
                  >
                    {t("basket.remove")}
                  </SubmitButton>
                </Form>
              ) : null}
            </div>
            {line.state === "taken" ? (
              <div className="basket-line__taken" role="alert">
                <p>{t("basket.taken", { service: line.serviceName })}</p>
                <AlternativeTimes lineKey={line.key} alternatives={line.alternatives} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
