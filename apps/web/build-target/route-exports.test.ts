import { describe, expect, it } from "vitest";
import { buildTarget } from "./build-target.ts";
import { isRouteModule, withoutRouteExports } from "./route-exports.ts";

const ROUTE = `import { data } from "react-router";
import type { Route } from "./+types/page";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import { untouched } from "../lib/untouched.ts";
import "../page.css";

async function load(env: { language: string }) {
  return { title: \`Page · \${env.language}\` };
}

function onlyForTheServer(request: Request) {
  return request.url;
}

export async function loader(args: Route.LoaderArgs) {
  onlyForTheServer(args.request);
  return load(serverPageEnv(args));
}

export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));
clientLoader.hydrate = true as const;

export const action = async () => data(null, { status: 405 });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <h1>{loaderData.title}</h1>;
}
`;

describe("a route module built for one target", () => {
  it("loses the web target's client loaders and what only they used, keeping its line numbers", () => {
    const web = withoutRouteExports(ROUTE, ["clientLoader", "clientAction"], "/app/routes/page.tsx");
    expect(web).not.toMatch(/clientLoader|client-env/);
    expect(web).toMatch(/export async function loader/);
    expect(web).toMatch(/server-env\.server\.ts/);
    expect(web.split("\n")).toHaveLength(ROUTE.split("\n").length);
    expect(web.split("\n").indexOf("export default function Page({ loaderData }: Route.ComponentProps) {")).toBe(
      ROUTE.split("\n").indexOf("export default function Page({ loaderData }: Route.ComponentProps) {"),
    );
  });

  it("loses the native target's server exports, their helpers and their server-only imports", () => {
    const native = withoutRouteExports(ROUTE, ["loader", "action", "middleware", "headers"], "/app/routes/page.tsx");
    expect(native).not.toMatch(/\.server|onlyForTheServer|export async function loader|export const action/);
    // `data` served only the action; `load` still serves the client loader.
    expect(native).not.toMatch(/import \{ data \}/);
    expect(native).toMatch(/async function load\(/);
    expect(native).toMatch(/export const clientLoader/);
    expect(native).toMatch(/clientLoader\.hydrate = true/);
  });

  it("keeps imports nothing used before (side effects, unused names) and a module without those exports as it is", () => {
    const native = withoutRouteExports(ROUTE, ["loader", "action"], "/app/routes/page.tsx");
    expect(native).toMatch(/import "\.\.\/page\.css";/);
    expect(native).toMatch(/import \{ untouched \}/);
    const plain = "export default function Plain() {\n  return null;\n}\n";
    expect(withoutRouteExports(plain, ["loader"], "/app/routes/plain.tsx")).toBe(plain);
  });

  it("drops an import whose values only removed code used, though a type it names is still mentioned", () => {
    const route = [
      'import { serverConfig, type Settings } from "../lib/config.server.ts";',
      "export const loader = () => serverConfig;",
      "export default function Page({ settings }: { settings: Settings }) {",
      "  return settings;",
      "}",
      "",
    ].join("\n");
    const native = withoutRouteExports(route, ["loader"], "/app/routes/page.tsx");
    expect(native).not.toMatch(/config\.server/);
    expect(native).toMatch(/settings: Settings/);
  });

  it("refuses a removed export declared together with one that stays", () => {
    const mixed = "const loader = () => null;\nconst meta = () => [];\nexport { loader, meta };\n";
    expect(() => withoutRouteExports(mixed, ["loader"], "/app/routes/mixed.ts")).toThrow(/statement of its own/);
  });

  it("applies to the root and the route files only", () => {
    expect(isRouteModule("/w/app/root.tsx", "/w/app")).toBe(true);
    expect(isRouteModule("/w/app/routes/home.tsx", "/w/app")).toBe(true);
    expect(isRouteModule("/w/app/routes/robots.ts", "/w/app")).toBe(true);
    expect(isRouteModule("/w/app/catalogue/LocationCard.tsx", "/w/app")).toBe(false);
    expect(isRouteModule("/w/app/routes/app.css", "/w/app")).toBe(false);
  });
});

describe("the build target", () => {
  it("is the web app unless the variable names the native app, and nothing else", () => {
    expect(buildTarget({})).toBe("web");
    expect(buildTarget({ TERMIN_BUILD_TARGET: "native" })).toBe("native");
    expect(() => buildTarget({ TERMIN_BUILD_TARGET: "ios" })).toThrow(/web" or "native/);
  });
});
