import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REMOVED_ROUTE_EXPORTS } from "./build-target.ts";
import { NATIVE_READY_ROUTES } from "./native-ready-routes.ts";
import { withoutRouteExports } from "./route-exports.ts";

const appFile = (file: string) => fileURLToPath(new URL(`../app/${file}`, import.meta.url));
const importsOf = (code: string) =>
  [...code.matchAll(/\bfrom "([^"]+)"|^import "([^"]+)"/gm)].map((match) => match[1] ?? match[2]);

describe.each(NATIVE_READY_ROUTES)("%s, written once for both targets", (file) => {
  it("loads its data in the native build without any server-only module", async () => {
    const path = appFile(file);
    const native = withoutRouteExports(await readFile(path, "utf8"), REMOVED_ROUTE_EXPORTS.native, path);
    expect(native).toMatch(/export const clientLoader/);
    expect(native).not.toMatch(/export (const|async function|function) (loader|action|middleware|headers)\b/);
    expect(importsOf(native).filter((source) => source?.includes(".server"))).toEqual([]);
  });

  it("writes once what its form sends: a server action has its client action, and only the web keeps the first", async () => {
    const path = appFile(file);
    const code = await readFile(path, "utf8");
    const hasAction = /export (const|async function|function) action\b/.test(code);
    expect(/export const clientAction\b/.test(code)).toBe(hasAction);
    if (!hasAction) return;
    expect(withoutRouteExports(code, REMOVED_ROUTE_EXPORTS.native, path)).toMatch(/export const clientAction/);
    expect(withoutRouteExports(code, REMOVED_ROUTE_EXPORTS.web, path)).toMatch(/export const action/);
  });

  it("keeps its server loader, and nothing of the client loader, in the web build", async () => {
    const path = appFile(file);
    const web = withoutRouteExports(await readFile(path, "utf8"), REMOVED_ROUTE_EXPORTS.web, path);
    expect(web).toMatch(/export const loader/);
    expect(web).not.toMatch(/clientLoader|clientAction|client-env/);
  });
});
