// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as AppUpdatePlugin from "@capawesome/capacitor-app-update";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { StoreUpdate } from "./StoreUpdate.tsx";

// The two plugins at their boundary: the store's answer, and the app's resume event.
const store = vi.hoisted(() => ({ availability: 0, getAppUpdateInfo: vi.fn(), openAppStore: vi.fn() }));
const app = vi.hoisted(() => ({ resume: [] as (() => void)[] }));

vi.mock("@capawesome/capacitor-app-update", async (original) => ({
  ...(await original<typeof AppUpdatePlugin>()),
  AppUpdate: { getAppUpdateInfo: store.getAppUpdateInfo, openAppStore: store.openAppStore },
}));
vi.mock("@capacitor/app", () => ({
  App: {
    addListener: async (event: string, listener: () => void) => {
      if (event === "resume") app.resume.push(listener);
      return { remove: async () => void app.resume.splice(app.resume.indexOf(listener), 1) };
    },
  },
}));

// The store's statuses: unknown 0, update not available 1, update available 2, update in progress 3.
beforeEach(() => {
  store.availability = 0;
  store.getAppUpdateInfo.mockImplementation(async () => ({
    currentVersionName: "1.2.3",
    availableVersionName: "1.3.0",
    updateAvailability: store.availability,
  }));
  store.openAppStore.mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  app.resume.length = 0;
});

async function resume() {
  await act(async () => {
    for (const listener of app.resume) listener();
  });
}

describe("the store update", () => {
  it("blocks the app with a dialog leading to the store when the store has a newer version at start", async () => {
    store.availability = 2;
    renderWithI18n(<StoreUpdate />);
    const dialog = await screen.findByRole("alertdialog", { name: "Application update available" });
    expect(dialog.textContent).toContain("Please download application update from store");
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["Download update"]);

    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.getByRole("alertdialog", { name: "Application update available" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Download update" }));
    expect(store.openAppStore).toHaveBeenCalledOnce();
    expect(screen.getByRole("alertdialog", { name: "Application update available" })).toBeTruthy();
  });

  it.each([
    [0, "unknown"],
    [1, "update not available"],
    [3, "update in progress"],
  ])("leaves the app usable when the store answers %i (%s)", async (availability) => {
    store.availability = availability;
    renderWithI18n(<StoreUpdate />);
    await waitFor(() => expect(store.getAppUpdateInfo).toHaveBeenCalledOnce());
    await act(async () => {});
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks the store again when the app comes back to the front", async () => {
    store.availability = 1;
    renderWithI18n(<StoreUpdate />);
    await waitFor(() => expect(app.resume).toHaveLength(1));
    expect(screen.queryByRole("alertdialog")).toBeNull();

    store.availability = 2;
    await resume();
    expect(await screen.findByRole("alertdialog", { name: "Application update available" })).toBeTruthy();
    expect(store.getAppUpdateInfo).toHaveBeenCalledTimes(2);
  });

  it("stays out of the way when the store cannot be asked", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    store.getAppUpdateInfo.mockRejectedValue(new Error("No store on this device"));
    renderWithI18n(<StoreUpdate />);
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Store update check failed", expect.any(Error)));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
