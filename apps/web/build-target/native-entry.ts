import type { Plugin } from "vite";

/**
 * In the native build, React Router's server entry (app/entry.server.tsx, the web server's: its configuration,
 * sites, content security policy) is replaced by the app's pre-render entry (app/native/entry.prerender.tsx): SPA
 * mode renders the document once at build time, and React Router offers no setting for another entry file.
 */
export function nativePrerenderEntry(appDirectory: string): Plugin {
  const webEntry = `${appDirectory}/entry.server.tsx`;
  const nativeEntry = `${appDirectory}/native/entry.prerender.tsx`;
  return {
    name: "termin:native-prerender-entry",
    enforce: "pre",
    // React Router imports it by an address relative to the project ("/app/entry.server.tsx"): resolved first.
    async resolveId(source, importer, options) {
      if (!source.endsWith("entry.server.tsx")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === webEntry ? nativeEntry : resolved;
    },
  };
}
