// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as StatusBarPlugin from "@capacitor/status-bar";
import { followThemeWithStatusBar, statusBarStyleFor } from "./status-bar.ts";

// The plugin at its boundary: the styles the app asked for, in order.
const requested = vi.hoisted(() => [] as string[]);
vi.mock("@capacitor/status-bar", async (original) => ({
  ...(await original<typeof StatusBarPlugin>()),
  StatusBar: {
    setStyle: async ({ style }: { style: string }) => void requested.push(style),
  },
}));

/** The device's colour scheme, as the web view reports it and announces its changes. */
function deviceScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_: "change", listener: () => void) => listeners.add(listener),
    removeEventListener: (_: "change", listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", (query: string) => {
    expect(query).toBe("(prefers-color-scheme: dark)");
    return media;
  });
  return (nowDark: boolean) => {
    media.matches = nowDark;
    for (const listener of listeners) listener();
  };
}

beforeEach(() => {
  requested.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute("style");
});

describe("the status bar on the theme", () => {
  it("maps the page's colour scheme to the plugin's three styles", () => {
    expect(statusBarStyleFor("light", true)).toBe("LIGHT");
    expect(statusBarStyleFor("dark", false)).toBe("DARK");
    expect(statusBarStyleFor("light dark", true)).toBe("DARK");
    expect(statusBarStyleFor("light dark", false)).toBe("LIGHT");
    expect(statusBarStyleFor("normal", true)).toBe("DEFAULT");
    expect(statusBarStyleFor("", false)).toBe("DEFAULT");
  });

  it("asks for dark text on the app's light theme, whatever the device's scheme", async () => {
    deviceScheme(true);
    document.documentElement.style.setProperty("color-scheme", "light");
    const stop = followThemeWithStatusBar();
    await vi.waitFor(() => expect(requested).toEqual(["LIGHT"]));
    stop();
  });

  it("follows the device when the page follows it, and a theme switched on the page", async () => {
    const switchDevice = deviceScheme(false);
    document.documentElement.style.setProperty("color-scheme", "light dark");
    const stop = followThemeWithStatusBar();
    switchDevice(true);
    switchDevice(true);
    document.documentElement.style.setProperty("color-scheme", "light");
    await vi.waitFor(() => expect(requested).toEqual(["LIGHT", "DARK", "LIGHT"]));

    stop();
    switchDevice(false);
    document.documentElement.style.setProperty("color-scheme", "dark");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toEqual(["LIGHT", "DARK", "LIGHT"]);
  });
});
