// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// Capacitor's own runtime (window.Capacitor), which the app's web view has before any of our code runs.
import "@capacitor/core";
import type * as AppUpdatePlugin from "@capawesome/capacitor-app-update";
import type * as StatusBarPlugin from "@capacitor/status-bar";
import { renderInRoot } from "../../test/render-in-root.tsx";

// Every plugin at its boundary, recording what the app asked of it.
const asked = vi.hoisted(() => ({ listeners: [] as string[], styles: [] as string[] }));
vi.mock("@capawesome/capacitor-app-update", async (original) => ({
  ...(await original<typeof AppUpdatePlugin>()),
  AppUpdate: { getAppUpdateInfo: async () => ({ updateAvailability: 2 }), openAppStore: async () => undefined },
}));
vi.mock("@capacitor/status-bar", async (original) => ({
  ...(await original<typeof StatusBarPlugin>()),
  StatusBar: { setStyle: async ({ style }: { style: string }) => void asked.styles.push(style) },
}));
const listen = async (event: string) => {
  asked.listeners.push(event);
  return { remove: async () => undefined };
};
vi.mock("@capacitor/app", () => ({
  App: { addListener: listen, minimizeApp: async () => undefined, getLaunchUrl: async () => undefined },
}));
vi.mock("@capacitor/push-notifications", () => ({ PushNotifications: { addListener: listen } }));

beforeAll(() => {
  vi.stubGlobal("androidBridge", {});
  vi.stubEnv("TERMIN_BUILD_TARGET", "native");
});
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the shell's native mount", () => {
  it("starts every native behaviour in the Android app of the native build", async () => {
    // Read after the build's target is set: the mount decides once, as the build does.
    const { NativeAppMount } = await import("../shell/NativeAppMount.tsx");
    renderInRoot(<NativeAppMount />);
    expect(await screen.findByRole("alertdialog", { name: "Application update available" })).toBeTruthy();
    await waitFor(() =>
      expect(asked.listeners.sort()).toEqual([
        "appUrlOpen",
        "backButton",
        "pushNotificationActionPerformed",
        "pushNotificationReceived",
        "resume",
      ]),
    );
    // No stylesheet here, so the page has no colour scheme of its own: the platform's default.
    expect(asked.styles).toEqual(["DEFAULT"]);
  });
});
