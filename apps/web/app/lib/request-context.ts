import type { i18n } from "i18next";
import { createContext } from "react-router";

/** The i18next instance of one server request: made in the root middleware, read by entry.server. */
export const i18nContext = createContext<i18n | null>(null);
