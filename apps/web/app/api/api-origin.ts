/**
 * Where the browser reaches the API: on the web the page's own origin ("", a business's domain answers the API too),
 * in the native app the API's address baked into its build (the app's pages come from the device, decision 0052).
 * A module of its own: a page that only needs the address does not load the API client with it.
 */
export const browserApiBase = (config: { publicUrl: string }): string =>
  import.meta.env.TERMIN_BUILD_TARGET === "native" ? config.publicUrl : "";
