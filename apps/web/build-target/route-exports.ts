import { parseAst, type Plugin } from "vite";
import { REMOVED_ROUTE_EXPORTS, type BuildTarget } from "./build-target.ts";

type Statement = ReturnType<typeof parseAst>["body"][number];
interface Span {
  start: number;
  end: number;
}

/** Names a statement declares at the top level (functions, classes, variables, imports). */
function declaredNames(statement: Statement): string[] {
  const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
  if (!declaration) return [];
  switch (declaration.type) {
    case "FunctionDeclaration":
    case "ClassDeclaration":
      return declaration.id ? [declaration.id.name] : [];
    case "VariableDeclaration":
      return declaration.declarations.flatMap((each) => (each.id.type === "Identifier" ? [each.id.name] : []));
    case "ImportDeclaration":
      return declaration.specifiers.map((specifier) => specifier.local.name);
    default:
      return [];
  }
}

/** The export names a statement gives the module. */
function exportedNames(statement: Statement): string[] {
  if (statement.type !== "ExportNamedDeclaration") return [];
  if (statement.declaration) return declaredNames(statement);
  return statement.specifiers.map((specifier) =>
    specifier.exported.type === "Identifier" ? specifier.exported.name : specifier.exported.value,
  );
}

/**
 * Every identifier a statement mentions, its own declared names left out (a function's name, a variable's),
 * counted generously: a property named like a binding counts too, so nothing still used is ever removed.
 */
function mentionedNames(statement: Statement): Set<string> {
  const names = new Set<string>();
  // An import only makes bindings.
  if (statement.type === "ImportDeclaration") return names;
  const own = new Set(declaredNames(statement));
  const visit = (value: unknown, key: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const node = value as { type?: unknown; name?: unknown };
    if ((node.type === "Identifier" || node.type === "JSXIdentifier") && typeof node.name === "string") {
      // The binding a declaration makes is not a use of it.
      if (!(key === "id" && own.has(node.name))) names.add(node.name);
    }
    for (const [childKey, child] of Object.entries(value)) {
      if (childKey !== "parent") visit(child, childKey);
    }
  };
  visit(statement, "");
  return names;
}

/**
 * The names a declaration binds that code can use: an import's `type` names are erased before the browser sees the
 * module, so they never keep an import (and its `.server` module) in a build.
 */
function valueNames(statement: Statement): string[] {
  if (statement.type !== "ImportDeclaration") return declaredNames(statement);
  if (statement.importKind === "type") return [];
  return statement.specifiers.flatMap((specifier) =>
    specifier.type === "ImportSpecifier" && specifier.importKind === "type" ? [] : [specifier.local.name],
  );
}

/** A top-level declaration that can go when nothing mentions it: no code runs when it is evaluated. */
function removableWhenUnused(statement: Statement): boolean {
  if (statement.type === "ImportDeclaration") return valueNames(statement).length > 0;
  if (statement.type === "FunctionDeclaration") return true;
  if (statement.type === "VariableDeclaration") {
    return statement.declarations.every(
      (each) =>
        each.id.type === "Identifier" &&
        (each.init?.type === "ArrowFunctionExpression" || each.init?.type === "FunctionExpression"),
    );
  }
  return false;
}

/** `clientLoader.hydrate = true`: a statement that sets a property of a removed export. */
function setsPropertyOf(statement: Statement, names: ReadonlySet<string>): boolean {
  if (statement.type !== "ExpressionStatement" || statement.expression.type !== "AssignmentExpression") return false;
  const target = statement.expression.left;
  return target.type === "MemberExpression" && target.object.type === "Identifier" && names.has(target.object.name);
}

/**
 * A route module without some of its exports, and without what only they used (imports, helper functions), so
 * a `*.server.ts` module only a server `loader` imports is not imported by the native build at all. Removed code
 * is replaced by its line breaks: the lines that remain keep their numbers. Returns the code unchanged when it
 * exports none of them.
 */
export function withoutRouteExports(code: string, names: readonly string[], filename: string): string {
  const removed = new Set(names);
  const body = parseAst(code, { lang: filename.endsWith(".tsx") ? "tsx" : "ts", sourceType: "module" }).body;
  const cut = new Set<Statement>();
  for (const statement of body) {
    const exported = exportedNames(statement);
    const hit = exported.filter((name) => removed.has(name));
    if (hit.length === 0) continue;
    if (hit.length !== exported.length) {
      throw new Error(`${filename}: export ${hit.join(", ")} in a statement of its own, to be removable`);
    }
    cut.add(statement);
  }
  if (cut.size === 0) return code;
  const removedLocals = new Set([...cut].flatMap(declaredNames).concat(names));
  for (const statement of body) if (setsPropertyOf(statement, removedLocals)) cut.add(statement);
  // Then what only the removed code used, until nothing more goes; what nothing used before stays as it was.
  const usedBefore = new Set(body.flatMap((statement) => [...mentionedNames(statement)]));
  for (let changed = true; changed;) {
    changed = false;
    const kept = body.filter((statement) => !cut.has(statement));
    const mentioned = new Set(kept.flatMap((statement) => [...mentionedNames(statement)]));
    for (const statement of kept) {
      if (!removableWhenUnused(statement)) continue;
      const declared = valueNames(statement);
      if (declared.some((name) => mentioned.has(name) || !usedBefore.has(name))) continue;
      cut.add(statement);
      changed = true;
    }
  }
  return [...cut]
    .sort((a, b) => b.start - a.start)
    .reduce((text, { start, end }: Span) => {
      const lineBreaks = text.slice(start, end).replace(/[^\n]/g, "");
      return `${text.slice(0, start)}${lineBreaks}${text.slice(end)}`;
    }, code);
}

/** Route modules: the root and the files under app/routes/. */
export const isRouteModule = (file: string, appDirectory: string): boolean =>
  /\.tsx?$/.test(file) && (file === `${appDirectory}/root.tsx` || file.startsWith(`${appDirectory}/routes/`));

/**
 * The build switch's half in Vite: before React Router reads a route module (its manifest, its SPA-mode check, its
 * own removal of server code), the exports of the other target are gone, in every environment of the build.
 */
export function routeExportsOf(target: BuildTarget, appDirectory: string): Plugin {
  const names = REMOVED_ROUTE_EXPORTS[target];
  return {
    name: "termin:route-exports-of-target",
    enforce: "pre",
    transform(code, id) {
      const [file = ""] = id.split("?");
      if (!isRouteModule(file, appDirectory)) return null;
      const kept = withoutRouteExports(code, names, file);
      return kept === code ? null : { code: kept, map: null };
    },
  };
}
