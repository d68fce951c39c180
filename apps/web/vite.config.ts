import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { build as bundle } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { buildTarget } from "./build-target/build-target.ts";
import { nativeAppConfig } from "./build-target/native-config.ts";
import { nativePrerenderEntry } from "./build-target/native-entry.ts";
import { routeExportsOf } from "./build-target/route-exports.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|json|svg|map|txt|xml|webmanifest)$/;

/**
 * Writes .br and .gz next to every compressible client asset, at maximum quality, once per build:
 * the server sends them as they are (@fastify/static `preCompressed`) instead of ~3x the bytes.
 */
function precompressClientAssets(): Plugin {
  return {
    name: "termin:precompress-client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const directory = options.dir;
      if (!directory) return;
      const files = await readdir(directory, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(directory, file);
            const content = await readFile(path);
            if (content.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

/**
 * The embed loader (embed-loader/embed.ts), a classic script for other sites' pages: one minified file, at
 * `/embed.js` (the address the snippets give, revalidated daily) and at a versioned address under /assets/ that
 * never changes (cached for a year). Written before the client's assets are compressed.
 */
function buildEmbedLoader(): Plugin {
  return {
    name: "termin:embed-loader",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const directory = options.dir;
      if (!directory) return;
      const result = await bundle({
        input: fileURLToPath(new URL("embed-loader/embed.ts", import.meta.url)),
        write: false,
        output: { format: "iife", minify: true },
      });
      const code = result.output[0].code;
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      await writeFile(join(directory, "embed.js"), code);
      await writeFile(join(directory, "assets", `embed-${hash}.js`), code);
    },
  };
}

/**
 * The service worker (app/pwa/sw.ts, decision 0049) built into /sw.js, with the precache list of this build's app
 * shell: every hashed script and stylesheet, not their .br/.gz twins (the browser gets those by content
 * negotiation), not the translation catalogs (each visitor needs one: kept when first fetched), not the embed loader.
 */
const serviceWorker = VitePWA({
  strategies: "injectManifest",
  srcDir: "app/pwa",
  filename: "sw.ts",
  outDir: "build/client",
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globDirectory: "build/client",
    globPatterns: ["assets/**/*.{js,css}"],
    // The embed loader runs on other sites; the error-reporting SDK loads only where a DSN is set (decision 0051).
    // What only some browsers or pages load (Intl polyfills and their CLDR data for a language the browser lacks,
    // the video player) is kept when first used instead (sw.ts): 40% of the shell's bytes a first visit need not
    // download.
    globIgnores: [
      "assets/embed-*.js",
      "assets/sentry-browser-*.js",
      "assets/*polyfill*.js",
      "assets/mk-*.js",
      "assets/VideoPlayer-*.js",
    ],
    // Hashed names: fetched as they are, without a revision parameter that would miss the immutable HTTP cache.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
});

/** The web app, or the native app's bundle: the same routes, each target's page data (decision 0052). */
const target = buildTarget();
const appDirectory = fileURLToPath(new URL("app", import.meta.url));

/**
 * What the bundle knows of its build (app/build-constants.d.ts): its target, so the web's entry leaves the native
 * start-up out, and, in the native app, the public configuration of the environment it was built in (PUBLIC_URL,
 * the API's origin; APP_VERSION, APP_BUILD…; build-target/native-config.ts): the app has no server to ask.
 */
function buildConstants(): Record<string, string> {
  const constants = { "import.meta.env.TERMIN_BUILD_TARGET": JSON.stringify(target) };
  if (target !== "native") return constants;
  return { ...constants, "import.meta.env.TERMIN_NATIVE_CONFIG": JSON.stringify(nativeAppConfig()) };
}

export default defineConfig({
  plugins: [
    routeExportsOf(target, appDirectory),
    ...(target === "native" ? [nativePrerenderEntry(appDirectory)] : []),
    reactRouter(),
    // The embed loader, the precompressed twins and the service worker are the web's: the native app is never
    // embedded, its files are read from the device (compressed twins would only make it bigger), it has no worker.
    ...(target === "web" ? [buildEmbedLoader(), precompressClientAssets(), serviceWorker] : []),
  ],
  define: buildConstants(),
  build: {
    target: "es2022",
    // Translation catalogs stay separate files, fetched per language, never inlined into JS.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
  },
});
