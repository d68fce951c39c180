import type { AppConfig } from "@termin/config/env";
import { demoProvider } from "./demo-provider.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { stripeProvider } from "./stripe-provider.ts";

/** The provider new checkouts go to, and the one a link opened earlier was given (when it is still configured). */
export interface PaymentProviders {
  current: PaymentProvider;
  named(name: string | null): PaymentProvider | undefined;
}

/** Stripe when its keys are set, else the demonstration provider (config refuses that in production unless asked). */
export function paymentProvidersOf(config: AppConfig): PaymentProviders {
  const current =
    config.payments.provider === "stripe" ? stripeProvider(config.payments) : demoProvider(config.publicUrl);
  return { current, named: (name) => (name === current.name ? current : undefined) };
}
