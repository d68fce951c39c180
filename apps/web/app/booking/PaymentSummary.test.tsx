// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import type { PaymentView } from "./payment-view.ts";
import { PaymentSummary } from "./PaymentSummary.tsx";

afterEach(cleanup);

const link = (state: "due" | "paid"): PaymentView => ({
  method: "online",
  link: {
    state,
    amountMinor: 2500,
    currency: "EUR",
    url: "/pay/abc",
    deposit: false,
    restMinor: 0,
    releasedIn: "in 25 minutes",
  },
});

describe("PaymentSummary", () => {
  it("reads the page again when the visitor comes back while a payment is due, and shows it paid", async () => {
    let loads = 0;
    const answers = [link("due"), link("paid")];
    const Stub = createRoutesStub([
      {
        path: "/",
        HydrateFallback: () => null,
        loader: () => answers[Math.min(loads++, answers.length - 1)] ?? null,
        Component: ({ loaderData }: { loaderData: PaymentView }) => (
          <PaymentSummary payment={loaderData} language="en" />
        ),
      },
    ]);
    renderWithI18n(<Stub />);
    await screen.findByRole("link", { name: "Pay now" });
    // The listener comes with an effect that may run after the link shows: the visitor comes back until it is heard.
    await waitFor(() => {
      window.dispatchEvent(new Event("focus"));
      expect(loads).toBeGreaterThan(1);
    });
    expect(await screen.findByText(/Paid online/, {}, { timeout: 5_000 })).toBeTruthy();
    // Paid: coming back again asks nothing more.
    const readsWhenPaid = loads;
    window.dispatchEvent(new Event("focus"));
    expect(loads).toBe(readsWhenPaid);
  });
});
