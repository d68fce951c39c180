// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
// Capacitor's own runtime (window.Capacitor), which the app's web view has before any of our code runs.
import "@capacitor/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInRoot, TEST_CONFIG } from "../../test/render-in-root.tsx";
import type { Catalog } from "../i18n/i18n.ts";
import en from "../i18n/locales/en.json";
import { provideClientRuntime } from "../page-data/client-env.ts";
import { EnablePush } from "../push/EnablePush.tsx";
import { SAVED_PUSH_TOKEN_KEY } from "../push/push-token.ts";
import { usePushToken } from "../push/use-push.ts";
import { useNativePushMessages } from "./use-native-push-messages.ts";
import { testClientRuntime } from "../../test/test-runtime.ts";
import { testViewer } from "../../test/test-viewer.ts";

type Listener = (event: unknown) => void;

// The push plugin at its boundary: the permission the device holds, and the platform push service's token, which
// comes as an event after register().
const push = vi.hoisted(() => ({
  permission: "prompt" as string,
  listeners: new Map<string, Set<(event: unknown) => void>>(),
  requestPermissions: vi.fn(),
  register: vi.fn(),
  emit(event: string, value: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(value);
  },
}));
vi.mock("@capacitor/push-notifications", () => ({
  PushNotifications: {
    checkPermissions: async () => ({ receive: push.permission }),
    requestPermissions: push.requestPermissions,
    register: push.register,
    addListener: async (event: string, listener: Listener) => {
      const set = push.listeners.get(event) ?? new Set();
      push.listeners.set(event, set.add(listener));
      return { remove: async () => void set.delete(listener) };
    },
  },
}));

const VIEWER = testViewer("en");

/** The app's runtime, signed in, with the API's answers recorded. */
function signedInApp() {
  const requests: Request[] = [];
  provideClientRuntime(
    testClientRuntime({
      config: TEST_CONFIG,
      session: { credentials: { token_type: "Bearer", access_token: "app-token" }, viewer: VIEWER },
      catalog: async () => en as Catalog,
      fetch: async (input, init) => {
        requests.push(new Request(input, init));
        return new Response(null, { status: 204 });
      },
    }),
  );
  return requests;
}

beforeEach(() => {
  // Capacitor's own runtime, told by its bridge that it runs in the Android app; the build is the native one.
  vi.stubGlobal("androidBridge", {});
  vi.stubEnv("TERMIN_BUILD_TARGET", "native");
  push.permission = "prompt";
  push.requestPermissions.mockImplementation(async () => {
    push.permission = "granted";
    return { receive: "granted" };
  });
  push.register.mockImplementation(async () => {
    setTimeout(() => push.emit("registration", { value: "fcm-token-1" }), 0);
  });
});
afterEach(() => {
  cleanup();
  provideClientRuntime(null);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.clearAllMocks();
  push.listeners.clear();
  localStorage.clear();
});

async function sentTokens(requests: Request[]) {
  return Promise.all(
    requests
      .filter((request) => request.method === "POST" && new URL(request.url).pathname === "/auth/user-token")
      .map(async (request) => ({ authorization: request.headers.get("authorization"), body: await request.json() })),
  );
}

function PushToken() {
  usePushToken();
  return null;
}

describe("push registration in the native app", () => {
  it("sends the device's token to the API after the profile loads, when notifications are allowed", async () => {
    push.permission = "granted";
    const requests = signedInApp();
    renderInRoot(<PushToken />, { signedIn: true, viewer: VIEWER });
    await waitFor(async () =>
      expect(await sentTokens(requests)).toEqual([
        {
          authorization: "Bearer app-token",
          body: { provider: "fcm", token: "fcm-token-1", platforms: ["android"] },
        },
      ]),
    );
    expect(JSON.parse(localStorage.getItem(SAVED_PUSH_TOKEN_KEY) ?? "{}")).toMatchObject({ token: "fcm-token-1" });
    expect(push.requestPermissions).not.toHaveBeenCalled();
  });

  it("never asks on load, and sends nothing without permission or for a visitor", async () => {
    const requests = signedInApp();
    renderInRoot(<PushToken />, { signedIn: true, viewer: VIEWER });
    cleanup();
    push.permission = "granted";
    renderInRoot(<PushToken />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(push.requestPermissions).not.toHaveBeenCalled();
    expect(push.register).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it("asks when the client turns notifications on, then registers and keeps the iPhone's token", async () => {
    vi.stubGlobal("androidBridge", undefined);
    vi.stubGlobal("webkit", { messageHandlers: { bridge: {} } });
    const requests = signedInApp();
    renderInRoot(<EnablePush lead="Get reminders." />, { signedIn: true, viewer: VIEWER });
    fireEvent.click(await screen.findByRole("button", { name: "Turn on notifications" }));
    expect(await screen.findByText("Notifications are on for this device.")).toBeTruthy();
    expect(push.requestPermissions).toHaveBeenCalledOnce();
    expect(await sentTokens(requests)).toEqual([
      { authorization: "Bearer app-token", body: { provider: "fcm", token: "fcm-token-1", platforms: ["ios"] } },
    ]);
  });

  it("says so when the device refuses notifications", async () => {
    push.requestPermissions.mockResolvedValue({ receive: "denied" });
    const requests = signedInApp();
    renderInRoot(<EnablePush lead="Get reminders." />, { signedIn: true, viewer: VIEWER });
    fireEvent.click(await screen.findByRole("button", { name: "Turn on notifications" }));
    expect(await screen.findByText(/Notifications are blocked for this app/)).toBeTruthy();
    expect(push.register).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });
});

function PushMessages() {
  useNativePushMessages();
  return null;
}

describe("pushes in the native app", () => {
  it("shows one that comes while the app is in front as an info toast, which opens where it leads", async () => {
    renderInRoot(<PushMessages />);
    await waitFor(() => expect(push.listeners.get("pushNotificationReceived")?.size).toBe(1));
    act(() =>
      push.emit("pushNotificationReceived", {
        id: "1",
        title: "Appointment confirmed",
        body: "Tomorrow at 10:00",
        data: { action_url: "/appointments/5" },
      }),
    );
    const toast = await screen.findByText("Tomorrow at 10:00");
    expect(screen.getByText("Appointment confirmed")).toBeTruthy();
    fireEvent.click(toast);
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Current page" }).textContent).toBe("/en/appointments/5"),
    );
  });

  it("opens a tapped notification's action URL, and home when it has none", async () => {
    renderInRoot(<PushMessages />, {}, "/en/settings");
    await waitFor(() => expect(push.listeners.get("pushNotificationActionPerformed")?.size).toBe(1));
    const where = () => screen.getByRole("status", { name: "Current page" }).textContent;
    act(() =>
      push.emit("pushNotificationActionPerformed", {
        actionId: "tap",
        notification: { id: "1", title: "Reminder", data: { action_url: "/notifications" } },
      }),
    );
    await waitFor(() => expect(where()).toBe("/en/notifications"));
    act(() => push.emit("pushNotificationActionPerformed", { actionId: "tap", notification: { id: "2", data: {} } }));
    await waitFor(() => expect(where()).toBe("/en/home"));
  });
});
