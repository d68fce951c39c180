// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// Capacitor's own runtime (window.Capacitor): the native app's web view has it; its bridge says which platform.
import "@capacitor/core";
import { renderInRoot } from "../../test/render-in-root.tsx";
import { DOWNLOAD_BANNER_DELAY_MS, DownloadBanner } from "./DownloadBanner.tsx";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile";

beforeEach(() => {
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(PHONE);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

/** The banner as it stands once the page loaded and its 7 seconds passed. */
async function bannerAfterDelay() {
  vi.useFakeTimers();
  renderInRoot(<DownloadBanner />);
  // The page first (the router's data), then the banner's own wait from there.
  await act(async () => vi.advanceTimersByTimeAsync(100));
  await act(async () => vi.advanceTimersByTimeAsync(DOWNLOAD_BANNER_DELAY_MS));
  return screen.queryByRole("complementary", { name: "Termin app" });
}

describe("the download banner", () => {
  it("offers the app in a phone's browser 7 seconds after load", async () => {
    expect(await bannerAfterDelay()).not.toBeNull();
  });

  it("is never shown inside the native app", async () => {
    vi.stubGlobal("androidBridge", {});
    expect(await bannerAfterDelay()).toBeNull();
  });
});
