// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { createI18n } from "../i18n/i18n.ts";
import en from "../i18n/locales/en.json";
import { LoadingOverlay } from "./LoadingOverlay.tsx";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const i18n = createI18n("en", en);

describe("LoadingOverlay", () => {
  it("stays at least 300 ms even when the work finishes sooner", () => {
    const { rerender } = renderWithI18n(<LoadingOverlay active />);
    expect(screen.getByRole("status")).toBeTruthy();
    act(() => vi.advanceTimersByTime(50));
    rerender(
      <I18nProvider i18n={i18n}>
        <LoadingOverlay active={false} />
      </I18nProvider>,
    );
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(260));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("is not shown while inactive", () => {
    renderWithI18n(<LoadingOverlay active={false} />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
