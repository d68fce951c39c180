// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { SubmitButton } from "./SubmitButton.tsx";

afterEach(cleanup);

describe("SubmitButton", () => {
  it("is disabled and has is-loading while its request is pending", () => {
    renderWithI18n(
      <SubmitButton pending className="button">
        Accept
      </SubmitButton>,
    );
    const button = screen.getByRole("button", { name: /Accept/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.classList.contains("is-loading")).toBe(true);
    expect(button.classList.contains("button")).toBe(true);
  });

  it("is enabled without is-loading when idle", () => {
    renderWithI18n(<SubmitButton pending={false}>Accept</SubmitButton>);
    const button = screen.getByRole("button", { name: "Accept" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.className).not.toContain("is-loading");
    expect(button.type).toBe("submit");
  });
});
