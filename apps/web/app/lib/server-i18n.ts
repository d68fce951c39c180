import type { Translate } from "../i18n/i18n.ts";
import type { RouterContextProvider } from "react-router";
import { i18nContext } from "./request-context.ts";

/** The request's translate function in a loader (titles, descriptions): the root middleware made it. */
export function serverT(context: Readonly<RouterContextProvider>): Translate {
  const i18n = context.get(i18nContext);
  if (!i18n) throw new Error("No translator in the request context: the root middleware must run first");
  return i18n.t;
}
