import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyPluginAsync } from "fastify";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { Database } from "@termin/db/database";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { readContextOf, type ReadContext } from "../sites/read-context.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../jsonapi/documents.ts";
import { isDatabaseId } from "../jsonapi/relationships.ts";
import {
  parseCollectionQuery,
  parseResourceQuery,
  type CollectionQuery,
  type CollectionRules,
  type PageRequest,
} from "../jsonapi/query.ts";

export type ListQuery<TSort extends string, TFilter extends string> = Pick<
  CollectionQuery<TSort, TFilter>,
  "page" | "sort" | "filter"
>;

export interface ListResult<TRow> {
  rows: TRow[];
  total: number;
  /** Extra top-level meta of the document (beside the paging figures). */
  meta?: Record<string, unknown>;
}

/**
 * A read-only JSON:API resource: its query rules, how it reads rows, and how rows become resources. Its list, find
 * and includes read within the request's site (`ReadContext`): another business's rows are not there on a
 * business's own site, and asking for one by id is a 404 like any unknown id.
 */
export interface ReadOnlyResource<TRow, TSort extends string, TFilter extends string> {
  rules: CollectionRules<TSort, TFilter>;
  /** What one row is called in 404 details ("service price"). */
  noun: string;
  list(context: ReadContext, query: ListQuery<TSort, TFilter>): Promise<ListResult<TRow>>;
  find(context: ReadContext, id: number): Promise<TRow | undefined>;
  serialize(row: TRow): ResourceObject;
  /** The included resources: one query per relationship asked for, whatever the number of rows. */
  loadIncludes?(context: ReadContext, rows: TRow[], include: readonly string[]): Promise<ResourceObject[]>;
}

/** `GET /{type}` and `GET /{type}/:id` for a read-only resource. */
export function readOnlyRoutes<TRow, TSort extends string, TFilter extends string>(
  resource: ReadOnlyResource<TRow, TSort, TFilter>,
): FastifyPluginAsync<ApiDependencies> {
  const { rules } = resource;
  const narrow = (item: ResourceObject, fields: Record<string, string[]>) => applySparseFields(item, fields[item.type]);

  return async (app, { database }) => {
    const db = database.db;
    const includes = async (context: ReadContext, rows: TRow[], include: string[]) =>
      include.length > 0 && resource.loadIncludes && rows.length > 0
        ? resource.loadIncludes(context, rows, include)
        : [];

    app.get(`/${rules.type}`, async (request, reply) => {
      const url = new URL(request.url, "http://api");
      const query = parseCollectionQuery(request.query as Record<string, string>, rules);
      const context = readContextOf(request, reply, db);
      const { rows, total, meta } = await resource.list(context, query);
      const included = await includes(context, rows, query.include);
      return collectionDocument({
        url,
        data: rows.map((row) => narrow(resource.serialize(row), query.fields)),
        included: included.map((item) => narrow(item, query.fields)),
        total,
        page: query.page,
        meta,
      });
    });

    app.get<{ Params: { id: string } }>(`/${rules.type}/:id`, async (request, reply) => {
      const url = new URL(request.url, "http://api");
      const query = parseResourceQuery(request.query as Record<string, string>, rules);
      const context = readContextOf(request, reply, db);
      const notFound = () => new AppError("not_found", `No ${resource.noun} has the id ${request.params.id}.`);
      if (!isDatabaseId(request.params.id)) throw notFound();
      const row = await resource.find(context, Number(request.params.id));
      if (row === undefined) throw notFound();
      const included = await includes(context, [row], query.include);
      return singleDocument({
        url,
        data: narrow(resource.serialize(row), query.fields),
        included: included.map((item) => narrow(item, query.fields)),
      });
    });
  };
}

/** ORDER BY for the requested sort, nulls last either way, then the id so pages never overlap. */
export function orderBy<TSort extends string>(
  sort: ListQuery<TSort, string>["sort"],
  columns: Record<TSort, ReadonlyArray<AnyColumn | SQL>>,
  id: AnyColumn,
): SQL[] {
  return [
    ...sort.flatMap(({ field, direction }) =>
      columns[field].map((column) =>
        direction === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
      ),
    ),
    asc(id),
  ];
}

/** `count(*) over()`: the number of rows matching the filters, on every row of the page (one query for both). */
export const totalOverAll = () => sql<number>`count(*) over()`.mapWith(Number);

/**
 * The number of rows matching the filters, read from the page's rows (`totalOverAll`). An empty first page means
 * none; only an empty page past the first has no row to read the total from, and is counted separately.
 */
export async function totalOfPage(
  rows: readonly { total: number }[],
  page: PageRequest,
  count: () => Promise<number>,
): Promise<number> {
  if (rows[0]) return rows[0].total;
  return page.number === 1 ? 0 : count();
}

/** A page of rows that each carry the total, as a list result. */
export async function pageResult<TRow extends { total: number }>(
  rows: TRow[],
  page: PageRequest,
  count: () => Promise<number>,
): Promise<ListResult<TRow>> {
  return { rows, total: await totalOfPage(rows, page, count) };
}

/**
 * The ids of related rows as a JSON array (a to-many linkage read in the same query as its rows). A nested
 * select keeps the correlation qualified: drizzle strips table names from columns written directly in the
 * select list of a single-table query, which would compare the subquery's own columns.
 */
export function relatedIds(db: Database, id: PgColumn, where: SQL | undefined): SQL<number[]> {
  const ids = db
    .select({ ids: sql`coalesce(json_agg(${id} order by ${id}), '[]')` })
    .from(id.table)
    .where(where);
  return sql<number[]>`(${ids})`;
}

/** The distinct non-null ids among some rows' foreign keys (for one include query). */
export function distinctIds(values: Iterable<number | null>): number[] {
  return [...new Set([...values].filter((value): value is number => value !== null))];
}
