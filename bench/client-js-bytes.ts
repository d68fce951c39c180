import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

const clientDir = new URL("../apps/web/build/client", import.meta.url).pathname;

/** A built client file's size at gzip -9 (`file` from the client directory's root, as `/assets/x.js`). */
export const gzipBytes = (file: string) => gzipSync(readFileSync(`${clientDir}${file}`), { level: 9 }).length;

const serverBuild = async () =>
  (await import(new URL("../apps/web/build/server/index.js", import.meta.url).href)) as ServerBuild;

/** Ids of the routes in the current build (pages under construction join the bench once they exist). */
export async function builtRouteIds(): Promise<Set<string>> {
  return new Set(Object.keys((await serverBuild()).assets.routes));
}

/** Gzipped JavaScript a first visit to a route downloads: the entry plus every module of its route chain. */
export async function clientJsBytes(routeChains: Record<string, string[]>): Promise<Record<string, number>> {
  const { entry, routes } = (await serverBuild()).assets;
  const result: Record<string, number> = {};
  for (const [label, chain] of Object.entries(routeChains)) {
    const files = new Set([entry.module, ...entry.imports]);
    for (const id of chain) {
      const route = routes[id];
      if (!route) throw new Error(`no route ${id} in the build`);
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    result[label] = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
  }
  return result;
}

/**
 * The service worker's precache (decision 0049): the files its injected list names (`"url":"assets/…"` in
 * /sw.js), and their bytes at gzip -9, what a first install downloads at most (the server sends .br where accepted).
 */
export function servicePrecache(): { files: number; bytes: number; gzipBytes: number; workerGzipBytes: number } {
  const worker = readFileSync(`${clientDir}/sw.js`, "utf8");
  const urls = [...new Set([...worker.matchAll(/"url":\s*"(assets\/[^"]+)"/g)].map(([, url = ""]) => `/${url}`))];
  return {
    files: urls.length,
    bytes: urls.reduce((sum, url) => sum + readFileSync(`${clientDir}${url}`).length, 0),
    gzipBytes: urls.reduce((sum, url) => sum + gzipBytes(url), 0),
    workerGzipBytes: gzipBytes("/sw.js"),
  };
}
