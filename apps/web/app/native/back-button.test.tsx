// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { LogoutDialog } from "../shell/LogoutDialog.tsx";
import { handleBackButton } from "./back-button.ts";

// The app plugin at its boundary: Android's back button, and sending the app to the background.
const app = vi.hoisted(() => ({
  back: [] as ((event: { canGoBack: boolean }) => void)[],
  minimizeApp: vi.fn(async () => undefined),
}));
vi.mock("@capacitor/app", () => ({
  App: {
    addListener: async (event: string, listener: (event: { canGoBack: boolean }) => void) => {
      if (event === "backButton") app.back.push(listener);
      return { remove: async () => void app.back.splice(app.back.indexOf(listener), 1) };
    },
    minimizeApp: app.minimizeApp,
  },
}));

let historyBack: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  historyBack = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  app.minimizeApp.mockClear();
});

async function pressBack(canGoBack: boolean) {
  await waitFor(() => expect(app.back).toHaveLength(1));
  act(() => app.back[0]?.({ canGoBack }));
}

function OpenLogoutQuestion() {
  const [open, setOpen] = useState(true);
  return <LogoutDialog open={open} onOpenChange={setOpen} onConfirm={() => {}} />;
}

describe("Android's back button", () => {
  it("goes back a page when there is one", async () => {
    const stop = handleBackButton();
    await pressBack(true);
    expect(historyBack).toHaveBeenCalledOnce();
    expect(app.minimizeApp).not.toHaveBeenCalled();
    stop();
    await waitFor(() => expect(app.back).toHaveLength(0));
  });

  it("sends the app to the background from its first page", async () => {
    const stop = handleBackButton();
    await pressBack(false);
    expect(app.minimizeApp).toHaveBeenCalledOnce();
    expect(historyBack).not.toHaveBeenCalled();
    stop();
  });

  it("closes the dialog in front first, and stays on the page", async () => {
    renderWithI18n(<OpenLogoutQuestion />);
    await screen.findByRole("alertdialog", { name: "Logout" });
    const stop = handleBackButton();
    await pressBack(true);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(historyBack).not.toHaveBeenCalled();
    expect(app.minimizeApp).not.toHaveBeenCalled();
    stop();
  });
});
