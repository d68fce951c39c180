import type { I18n } from "../i18n/i18n.ts";
import { createContext } from "react-router";

/** The translator of one server request: made in the root middleware, read by entry.server. */
export const i18nContext = createContext<I18n | null>(null);
