// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

afterEach(cleanup);

/** A page control that asks before acting, as the booking page's "Cancel appointment" does. */
function AskingButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel appointment
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this appointment?"
        body="The business is told at once."
        confirmLabel="Yes, cancel"
        cancelLabel="Keep it"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

async function openFromButton(): Promise<HTMLElement> {
  render(<AskingButton />);
  const opener = screen.getByRole("button", { name: "Cancel appointment" });
  opener.focus();
  fireEvent.click(opener);
  await screen.findByRole("alertdialog");
  await waitFor(() => expect(document.activeElement).not.toBe(opener));
  return opener;
}

describe("ConfirmDialog", () => {
  it("gives focus back to the control that opened it when kept by its cancel button", async () => {
    const opener = await openFromButton();
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("gives focus back to the control that opened it when closed by Escape", async () => {
    const opener = await openFromButton();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
