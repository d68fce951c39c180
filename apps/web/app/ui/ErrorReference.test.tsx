// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { Link, MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { RequestReferenceContext, shortReference, useReferenceWhileServerRendered } from "../lib/request-reference.ts";
import { ErrorReference } from "./ErrorReference.tsx";

afterEach(cleanup);

/** What the root Layout does: narrows the document's reference to the location the server rendered. */
function Layout({ children }: { children: ReactNode }) {
  return (
    <RequestReferenceContext value={useReferenceWhileServerRendered()}>
      {children}
      <Link to="/en/search">Search</Link>
    </RequestReferenceContext>
  );
}

function renderPage(reference: string | null) {
  return renderWithI18n(
    <RequestReferenceContext value={reference}>
      <MemoryRouter initialEntries={["/en/home"]}>
        <Layout>
          <ErrorReference />
        </Layout>
      </MemoryRouter>
    </RequestReferenceContext>,
  );
}

describe("ErrorReference", () => {
  it("shows the failed request's short reference, in the element the browser reads it back from", () => {
    const reference = shortReference("a04afe57-24c2-496a-9473-7a61c108f75f");
    expect(reference).toBe("a04afe57");
    renderPage(reference);
    const line = screen.getByText("Reference for support: a04afe57");
    expect(line.getAttribute("data-request-reference")).toBe("a04afe57");
  });

  it("shows nothing when the page did not fail", () => {
    renderPage(null);
    expect(screen.queryByText(/Reference/)).toBeNull();
  });

  it("hides the reference after a navigation: a later failure came from a request the browser cannot name", () => {
    renderPage("a04afe57");
    expect(screen.queryByText(/a04afe57/)).not.toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Search" }));
    expect(screen.queryByText(/a04afe57/)).toBeNull();
  });
});
