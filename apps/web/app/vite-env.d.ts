/** What vite.config.ts defines for the app's code: the build's target, a constant the web build folds away. */
interface ImportMetaEnv {
  readonly TERMIN_BUILD_TARGET?: "web" | "native";
}
