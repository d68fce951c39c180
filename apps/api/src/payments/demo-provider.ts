import { randomBytes } from "node:crypto";
import type { PaymentProvider } from "./payment-provider.ts";

/** The demonstration checkout page of a session, on our own origin. */
export const demoCheckoutPath = (sessionId: string) => `/pay/demo/${sessionId}`;

/**
 * The demonstration provider: no money moves. Its checkout page is ours (pay-routes.ts), so its sessions are only
 * ids; whether one is paid, open or expired is the payment link's own state, read there. Its refund is the
 * record our side keeps (refunded_at), as for Stripe.
 */
export function demoProvider(publicUrl: string): PaymentProvider {
  return {
    name: "demo",
    async createCheckout() {
      const sessionId = `demo_${randomBytes(18).toString("base64url")}`;
      return { sessionId, url: `${publicUrl}${demoCheckoutPath(sessionId)}` };
    },
    async sessionState(sessionId: string) {
      return { state: "open", url: `${publicUrl}${demoCheckoutPath(sessionId)}` };
    },
    async expireSession() {},
    async refund() {},
  };
}
