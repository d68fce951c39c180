// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { LogoutDialog } from "./LogoutDialog.tsx";

afterEach(cleanup);

describe("LogoutDialog", () => {
  it("asks with the spec's title and body, and confirms on Logout", async () => {
    const onConfirm = vi.fn();
    renderWithI18n(<LogoutDialog open onOpenChange={() => {}} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole("alertdialog");
    expect(screen.getByRole("heading", { name: "Logout" })).toBeTruthy();
    expect(dialog.textContent).toContain("Are you sure you want to log out of your account?");
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("closes on Cancel without logging out", async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderWithI18n(<LogoutDialog open onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
