// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { LogoutDialog } from "../shell/LogoutDialog.tsx";
import { handleSwipeBack } from "./swipe-back.ts";

let historyBack: ReturnType<typeof vi.spyOn>;
let stop: () => void = () => {};
beforeEach(() => {
  historyBack = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
  // React Router numbers the app's history entries: the second page of the app is entry 1.
  window.history.replaceState({ idx: 1 }, "");
  stop = handleSwipeBack();
});
afterEach(() => {
  stop();
  cleanup();
  vi.restoreAllMocks();
});

/** A finger from (x0, y0) to (x1, y1). */
function swipe(x0: number, y0: number, x1: number, y1: number) {
  act(() => {
    window.dispatchEvent(new PointerEvent("pointerdown", { clientX: x0, clientY: y0, pointerId: 1 }));
    window.dispatchEvent(new PointerEvent("pointerup", { clientX: x1, clientY: y1, pointerId: 1 }));
  });
}

describe("the iOS swipe back", () => {
  it("goes back on a rightward swipe from the left edge", () => {
    swipe(5, 300, 200, 320);
    expect(historyBack).toHaveBeenCalledOnce();
  });

  it("leaves other swipes to the page: not from the edge, leftward, short or mostly vertical", () => {
    swipe(100, 300, 300, 300);
    swipe(5, 300, 0, 300);
    swipe(5, 300, 40, 300);
    swipe(5, 300, 100, 500);
    expect(historyBack).not.toHaveBeenCalled();
  });

  it("does not leave the app from its first page", () => {
    window.history.replaceState({ idx: 0 }, "");
    swipe(5, 300, 200, 300);
    expect(historyBack).not.toHaveBeenCalled();
  });

  it("closes the dialog in front first", async () => {
    function OpenLogoutQuestion() {
      const [open, setOpen] = useState(true);
      return <LogoutDialog open={open} onOpenChange={setOpen} onConfirm={() => {}} />;
    }
    renderWithI18n(<OpenLogoutQuestion />);
    await screen.findByRole("alertdialog", { name: "Logout" });
    swipe(5, 300, 200, 300);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(historyBack).not.toHaveBeenCalled();
  });
});
