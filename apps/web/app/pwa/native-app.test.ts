import { describe, expect, it } from "vitest";
import { isNativeApp } from "./native-app.ts";

describe("isNativeApp", () => {
  it("is false in a browser, and in Capacitor's web build", () => {
    expect(isNativeApp({})).toBe(false);
    expect(isNativeApp({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
  });

  it("is true in the native app's web view", () => {
    expect(isNativeApp({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
  });
});
