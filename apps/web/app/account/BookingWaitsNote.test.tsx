// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BookingWaitsNote } from "./BookingWaitsNote.tsx";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";

afterEach(cleanup);

describe("the sign-in page's note for a booking", () => {
  it("says why and that the time waits, when a booking step sent the visitor", () => {
    for (const returnTo of [
      "/en/checkout",
      "/en/basket?x=1",
      "/en/book/spa?service=3",
      "/en/embed/business/b/checkout",
    ]) {
      renderWithI18n(<BookingWaitsNote returnTo={returnTo} />);
      expect(screen.getByText(/to finish your booking/), returnTo).toBeTruthy();
      cleanup();
    }
  });

  it("says nothing for any other page", () => {
    for (const returnTo of ["/en/appointments", "/en/home", "/en/settings", "/en/basketball", "/en/checkouts"]) {
      const { container } = renderWithI18n(<BookingWaitsNote returnTo={returnTo} />);
      expect(container.textContent, returnTo).toBe("");
      cleanup();
    }
  });
});
