import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtRouteIds, clientJsBytes, gzipBytes, servicePrecache } from "./client-js-bytes.ts";
import { percentile } from "./figures.ts";
import { calibratedSlowdown, repeatVisits, runLighthouse, type LighthousePage } from "./lighthouse.ts";
import { startServer } from "../test/spawn-server.ts";
import { benchBooking } from "./booking.ts";
import { benchClasses } from "./classes.ts";
import { benchLiveUpdates } from "./live-updates.ts";
import { benchPages } from "./pages.ts";
import { benchSeats } from "./seats.ts";
import { benchSearch } from "./search.ts";
import { benchSignIn } from "./sign-in.ts";

// `npm run bench`: figures for the closing notes. Run after `npm run build`; not a test, nothing asserts.
const PORT = 3200;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A real location's address for the location page (its slug comes from the demo catalogue). */
async function firstLocationPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1c/locations?page[size]=1`);
  const body = (await response.json()) as { data?: { attributes?: { slug?: unknown } }[] };
  const slug = body.data?.[0]?.attributes?.slug;
  if (!response.ok || typeof slug !== "string")
    throw new Error(`no location slug from /v1c/locations (${response.status})`);
  return `/en/location/${slug}`;
}

/** The figures table and what each page loses points on; returns the CPU index of each page's median run. */
function printLighthouse(lighthouse: Record<string, LighthousePage | { error: string }>): number[] {
  const measured = Object.entries(lighthouse).flatMap(([path, page]) =>
    "error" in page ? [] : [[path, page] as const],
  );
  console.table(Object.fromEntries(measured.map(([path, page]) => [path, page.figures])));
  for (const [path, page] of Object.entries(lighthouse)) {
    if ("error" in page) console.log(`${path} could not be measured: ${page.error}`);
    else if (page.failing.length > 0) console.log(`${path} loses points on: ${page.failing.join("; ")}`);
  }
  return measured.map(([, page]) => page.figures["CPU index"]);
}

// Pages still being built join the figures once their route is in the build.
const routeIds = await builtRouteIds();
const hasSearch = routeIds.has("routes/search");
const hasLocation = routeIds.has("routes/location");

const dataDir = mkdtempSync(join(tmpdir(), "termin-bench-"));
try {
  console.log("\nClient JavaScript per route (gzip, first visit)");
  const bytes = await clientJsBytes({
    "/en/home": ["root", "routes/locale", "routes/home"],
    ...(hasSearch ? { "/en/search": ["root", "routes/locale", "routes/search"] } : {}),
    ...(hasLocation ? { "/en/location/:slug": ["root", "routes/locale", "routes/location"] } : {}),
    "/en/pages/terms": ["root", "routes/locale", "routes/content-page"],
    "/en/embed/location-services/:slug (in the frame)": ["root", "routes/locale", "embed-services"],
    "/en/nowhere (404)": ["root", "routes/locale", "catch-all"],
  });
  console.table(
    Object.fromEntries(
      Object.entries({
        ...bytes,
        // The embed loader a business's page loads (at most 2 KB gzip: Cal.com's is about 2.5 KB, Calendly's 24 KB).
        "/embed.js (loader, on the host page)": gzipBytes("/embed.js"),
      }).map(([route, size]) => [route, { "JS gzip": kb(size) }]),
    ),
  );

  const precache = servicePrecache();
  console.log("Service worker: /sw.js and the app shell it precaches on install (gzip -9)");
  console.table({
    "/sw.js": { files: 1, gzip: kb(precache.workerGzipBytes) },
    "precache (assets/*.js, *.css)": { files: precache.files, gzip: kb(precache.gzipBytes), raw: kb(precache.bytes) },
  });

  console.log("Start-up to first 200 of /en/home");
  const cold = await startServer({ port: PORT, dataDir, readyPath: "/en/home" });
  await cold.stop();
  const warm = await startServer({ port: PORT, dataDir, readyPath: "/en/home" });
  console.table({
    "cold (empty DATA_DIR: migrate + seed)": { ms: Math.round(cold.readyAfterMs) },
    "warm (existing DATA_DIR)": { ms: Math.round(warm.readyAfterMs) },
  });

  try {
    console.log("Lighthouse, mobile, Debian's Chromium (scores out of 100, median of 3 runs)");
    const pages = ["/en/home"];
    if (hasSearch) pages.push("/en/search");
    if (hasLocation) pages.push(await firstLocationPath(warm.url));
    const urls = pages.map((path) => `${warm.url}${path}`);
    const indexes = printLighthouse(await runLighthouse(urls));
    // The same phone on this machine: the slowdown Lighthouse's throttling guide gives for its benchmark index.
    const slowdown = calibratedSlowdown(
      percentile(
        indexes.sort((a, b) => a - b),
        0.5,
      ),
    );
    console.log(`Lighthouse again, its CPU slowdown calibrated to this machine's median index: ${slowdown}x`);
    printLighthouse(await runLighthouse(urls, slowdown));
    console.log(
      "A repeat visit of /en/home (same browser, caches kept; devtools throttling), with and without the worker",
    );
    console.table(await repeatVisits(`${warm.url}/en/home`));
  } finally {
    // A failed step must not leave the server holding the port.
    await warm.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

await benchPages();
await benchSearch();
await benchSignIn();
await benchBooking();
await benchSeats();
await benchClasses();
await benchLiveUpdates();
