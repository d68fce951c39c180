import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nProvider } from "../app/i18n/i18n-context.tsx";
import { createI18n } from "../app/i18n/i18n.ts";
import en from "../app/i18n/locales/en.json";

/** Renders a component with the English catalog, as the app would. */
export function renderWithI18n(ui: ReactElement): RenderResult {
  return render(<I18nProvider i18n={createI18n("en", en)}>{ui}</I18nProvider>);
}
