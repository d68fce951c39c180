import type { TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import { i18nContext } from "./request-context.ts";

/** The request's translate function in a loader (titles, descriptions): the root middleware made it. */
export function serverT(context: Readonly<RouterContextProvider>): TFunction {
  const i18n = context.get(i18nContext);
  if (!i18n) throw new Error("No i18n instance in the request context: the root middleware must run first");
  return i18n.t;
}
