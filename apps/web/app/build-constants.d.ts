import type { PublicConfig } from "./lib/config.server.ts";

/** Values vite.config.ts writes into the bundle at build time (its `define`). */
declare global {
  interface ImportMetaEnv {
    /** Which app this bundle is (decision 0052): the server-rendered web app or the native app's. */
    readonly TERMIN_BUILD_TARGET: "web" | "native";
    /** The native app's public configuration, from the environment of its build; absent from the web's bundle. */
    readonly TERMIN_NATIVE_CONFIG?: PublicConfig;
  }
}
