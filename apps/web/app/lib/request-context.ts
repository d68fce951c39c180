import type { I18n } from "../i18n/i18n.ts";
import { createContext } from "react-router";
import type { StartUpResult } from "./start-up.server.ts";

/** The translator of one server request: made in the root middleware, read by entry.server. */
export const i18nContext = createContext<I18n | null>(null);

/** Who the request is for: the start-up flow's result, made by the root middleware. */
export const startUpContext = createContext<StartUpResult | null>(null);
