// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextWithMailLinks } from "./TextWithMailLinks.tsx";

afterEach(cleanup);

describe("TextWithMailLinks", () => {
  it("makes each address a mailto link and keeps the sentence around it", () => {
    const { container } = render(
      <p>
        <TextWithMailLinks text="Write to support@termin.app. Or partners@termin.app, any day." />
      </p>,
    );
    expect(screen.getByRole("link", { name: "support@termin.app" }).getAttribute("href")).toBe(
      "mailto:support@termin.app",
    );
    expect(screen.getByRole("link", { name: "partners@termin.app" }).getAttribute("href")).toBe(
      "mailto:partners@termin.app",
    );
    expect(container.textContent).toBe("Write to support@termin.app. Or partners@termin.app, any day.");
  });

  it("leaves text without an address as it is", () => {
    const { container } = render(<TextWithMailLinks text="Termin Ltd., 1 Vitosha Boulevard" />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.textContent).toBe("Termin Ltd., 1 Vitosha Boulevard");
  });
});
