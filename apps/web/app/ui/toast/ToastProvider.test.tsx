// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { ToastProvider } from "./ToastProvider.tsx";
import { useToast, type ToastOptions } from "./toast-context.ts";

function Trigger({ toast }: { toast: ToastOptions }) {
  const show = useToast();
  return <button onClick={() => show(toast)}>show</button>;
}

function showToast(toast: ToastOptions) {
  renderWithI18n(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByText("show"));
}

// The toasts' UI loads with the first toast; the first one waits for that download, the rest are
// synchronous, so the timing tests below measure toast delays, not the download.
beforeAll(async () => {
  showToast({ body: "First toast" });
  expect(await screen.findByText("First toast")).toBeTruthy();
  cleanup();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows a close icon when there is no header", () => {
    showToast({ body: "Saved" });
    expect(screen.getByText("Saved")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeTruthy();
  });

  it("names its region with the hotkey and announces each toast as a notification, in the page's language", async () => {
    showToast({ body: "Saved" });
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
    // Radix reads the toast out through a status line of its own: the provider's label, then the toast's text.
    await waitFor(() => expect(document.body.textContent).toMatch(/Notification\s+Saved/));
  });

  it("shows no close icon when there is a header", () => {
    showToast({ header: "New version update available", body: "Downloading…" });
    expect(screen.getByText("New version update available")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Dismiss" })).toBeNull();
  });

  it("runs its action on click, then removes itself", () => {
    const click = vi.fn();
    showToast({ body: "Tap to reload", click });
    fireEvent.click(screen.getByText("Tap to reload"));
    expect(click).toHaveBeenCalledOnce();
    expect(screen.queryByText("Tap to reload")).toBeNull();
  });

  it("runs its action from its button when it has buttonText", () => {
    const click = vi.fn();
    showToast({ body: "Update ready", header: "Application update", buttonText: "Apply update", click });
    fireEvent.click(screen.getByRole("button", { name: "Apply update" }));
    expect(click).toHaveBeenCalledOnce();
    expect(screen.queryByText("Update ready")).toBeNull();
  });

  it("hides after the default 10 seconds, or after its own delay", () => {
    vi.useFakeTimers();
    showToast({ body: "Default delay" });
    act(() => vi.advanceTimersByTime(9_900));
    expect(screen.queryByText("Default delay")).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText("Default delay")).toBeNull();
    cleanup();

    showToast({ body: "Short", delay: 2000 });
    act(() => vi.advanceTimersByTime(2_500));
    expect(screen.queryByText("Short")).toBeNull();
  });

  it("keeps its color for styling", () => {
    showToast({ body: "Careful", color: "danger" });
    expect(screen.getByText("Careful").closest("[data-color]")?.getAttribute("data-color")).toBe("danger");
  });
});
