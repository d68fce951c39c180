import { MAX_PAGE_SIZE } from "@termin/contracts/jsonapi";
import { isLocalDate } from "@termin/domain/booking/calendar";
import { AppError } from "../http/app-error.ts";
import { relationshipNames } from "@termin/contracts/resource-relationships";
import { isDatabaseId, isUuid, MAX_DATABASE_ID } from "./relationships.ts";

export interface PageRequest {
  number: number;
  size: number;
}

export interface SortField<TField extends string> {
  field: TField;
  direction: "asc" | "desc";
}

export interface CollectionQuery<TField extends string, TFilter extends string> {
  page: PageRequest;
  sort: SortField<TField>[];
  /** Comma-separated filter values, split: filter[city]=sofia,varna -> { city: ["sofia", "varna"] }. */
  filter: Partial<Record<TFilter, string[]>>;
  fields: Record<string, string[]>;
  include: string[];
}

/**
 * What a filter's values are, checked before any query runs: "id" values are database ids (whole numbers that
 * fit the integer column); "uuid" values are the ids of client-owned rows; "date" values are real calendar dates
 * written YYYY-MM-DD (2026-02-30 is not one); `{ oneOf: [...] }` values are one of the words listed; "text" values
 * are text the endpoint reads further (slugs, words, prices). All are storable text: the input edge
 * (http/input-edge.ts) has already refused NUL and invalid UTF-8.
 */
export type FilterKind = "id" | "uuid" | "date" | "text" | { readonly oneOf: readonly string[] };

/** Values one filter may list (`filter[location]=1,2,3`): enough for any screen, small enough for one query. */
export const MAX_FILTER_VALUES = 100;

/** What a collection accepts; anything else in the query string is a 400, not silently ignored. */
export interface CollectionRules<TField extends string, TFilter extends string> {
  type: string;
  attributes: readonly string[];
  sortable: readonly TField[];
  defaultSort: SortField<TField>[];
  filters: Readonly<Record<TFilter, FilterKind>>;
  /** Filters that take one value, not a list (a list is a 400). */
  singleValued?: readonly TFilter[];
  /** Filters without which the collection answers 400 (the document marks them required). */
  requiredFilters?: readonly TFilter[];
  includable?: readonly string[];
  /** Other resource types whose attributes may be narrowed with fields[type] (the included ones); relationships come from RESOURCE_RELATIONSHIPS. */
  relatedTypes?: Readonly<Record<string, readonly string[]>>;
}

export const DEFAULT_PAGE_SIZE = 20;
export { MAX_PAGE_SIZE };

type RawQuery = Record<string, string | string[] | undefined>;

function single(query: RawQuery, parameter: string): string | undefined {
  const value = query[parameter];
  if (Array.isArray(value)) {
    throw new AppError("invalid_parameter", `Give ${parameter} only once.`, { parameter });
  }
  return value;
}

function positiveInteger(value: string | undefined, parameter: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > max) {
    throw new AppError("invalid_parameter", `${parameter} must be a whole number from 1 to ${max}.`, { parameter });
  }
  return number;
}

function list(value: string | undefined): string[] {
  return value === undefined || value === "" ? [] : value.split(",").map((item) => item.trim());
}

/** What values of a kind are, in words: for errors and the OpenAPI document. */
export function filterKindValues(kind: FilterKind): string {
  if (kind === "id") return `ids (whole numbers from 1 to ${MAX_DATABASE_ID})`;
  if (kind === "uuid") return "ids (UUIDs)";
  if (kind === "date") return "dates written YYYY-MM-DD (e.g. 2026-12-01)";
  if (kind === "text") return "values";
  return `values among ${kind.oneOf.join(", ")}`;
}

/** `meta.reason` of a value that is not of its filter's kind. */
function notOfKindReason(kind: FilterKind): string {
  if (kind === "id") return "not_an_id";
  if (kind === "uuid") return "not_a_uuid";
  if (kind === "date") return "not_a_date";
  return "not_listed";
}

function isOfKind(value: string, kind: FilterKind): boolean {
  if (kind === "id") return isDatabaseId(value);
  if (kind === "uuid") return isUuid(value);
  if (kind === "date") return isLocalDate(value);
  return kind === "text" || kind.oneOf.includes(value);
}

function filterValues(value: string | undefined, parameter: string, kind: FilterKind): string[] {
  const values = list(value).filter(Boolean);
  if (values.length > MAX_FILTER_VALUES) {
    throw new AppError("invalid_parameter", `${parameter} takes at most ${MAX_FILTER_VALUES} values.`, { parameter });
  }
  const wrong = values.filter((item) => !isOfKind(item, kind));
  if (wrong.length > 0) {
    throw new AppError(
      "invalid_parameter",
      `${parameter} takes ${filterKindValues(kind)} separated by commas, not ${wrong.slice(0, 3).join(", ")}.`,
      { parameter },
      {},
      { reason: notOfKindReason(kind) },
    );
  }
  return values;
}

const familyParameter = /^(page|filter|fields)\[([^\]]+)\]$/;

/** Parses JSON:API query parameters (page, sort, filter, fields, include) against a collection's rules. */
export function parseCollectionQuery<TField extends string, TFilter extends string>(
  query: RawQuery,
  rules: CollectionRules<TField, TFilter>,
): CollectionQuery<TField, TFilter> {
  const fieldsByType: Record<string, readonly string[]> = { [rules.type]: rules.attributes, ...rules.relatedTypes };
  const result: CollectionQuery<TField, TFilter> = {
    page: { number: 1, size: DEFAULT_PAGE_SIZE },
    sort: rules.defaultSort,
    filter: {},
    fields: {},
    include: [],
  };

  for (const parameter of Object.keys(query)) {
    const family = familyParameter.exec(parameter);
    if (parameter === "sort" || parameter === "include") continue;
    if (!family) {
      throw new AppError("invalid_parameter", `Unknown query parameter ${parameter}.`, { parameter });
    }
    const [, kind, name = ""] = family;
    const value = single(query, parameter);
    if (kind === "page") {
      if (name === "number") result.page.number = positiveInteger(value, parameter, 1, Number.MAX_SAFE_INTEGER);
      else if (name === "size") result.page.size = positiveInteger(value, parameter, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      else throw new AppError("invalid_parameter", `Use page[number] and page[size] for paging.`, { parameter });
    } else if (kind === "filter") {
      const kind = Object.hasOwn(rules.filters, name) ? rules.filters[name as TFilter] : undefined;
      if (kind === undefined) {
        const names = Object.keys(rules.filters);
        const allowed = names.length > 0 ? `Filters here: ${names.join(", ")}.` : "This list has no filters.";
        throw new AppError("invalid_parameter", `Unknown filter ${name}. ${allowed}`, { parameter });
      }
      const values = filterValues(value, parameter, kind);
      if (values.length > 1 && rules.singleValued?.includes(name as TFilter)) {
        throw new AppError("invalid_parameter", `${parameter} takes one value.`, { parameter });
      }
      result.filter[name as TFilter] = values;
    } else {
      const known = fieldsByType[name];
      if (!known)
        throw new AppError("invalid_parameter", `Unknown resource type ${name} in ${parameter}.`, { parameter });
      const requested = list(value);
      // A sparse fieldset names attributes and relationships alike (JSON:API's "fields").
      const unknown = requested.filter((field) => !known.includes(field) && !relationshipNames(name).includes(field));
      if (unknown.length > 0) {
        throw new AppError("invalid_parameter", `Unknown field ${unknown.join(", ")} of ${name}.`, { parameter });
      }
      result.fields[name] = requested;
    }
  }

  const sortValue = single(query, "sort");
  if (sortValue !== undefined) {
    result.sort = list(sortValue).map((item) => {
      const direction = item.startsWith("-") ? "desc" : "asc";
      const field = item.replace(/^-/, "");
      if (!(rules.sortable as readonly string[]).includes(field)) {
        const sortable =
          rules.sortable.length > 0 ? `Sortable: ${rules.sortable.join(", ")}.` : "This list has one order.";
        throw new AppError("invalid_parameter", `Cannot sort by ${field}. ${sortable}`, { parameter: "sort" });
      }
      return { field: field as TField, direction };
    });
  }

  const includeValue = single(query, "include");
  result.include = list(includeValue);
  const notIncludable = result.include.filter((path) => !(rules.includable ?? []).includes(path));
  if (notIncludable.length > 0) {
    throw new AppError("invalid_parameter", `Cannot include ${notIncludable.join(", ")} here.`, {
      parameter: "include",
    });
  }
  return result;
}

/** A single resource accepts only `fields[...]` and `include`. */
export function parseResourceQuery<TField extends string>(
  query: RawQuery,
  rules: Omit<
    CollectionRules<TField, never>,
    "sortable" | "defaultSort" | "filters" | "singleValued" | "requiredFilters"
  >,
): Pick<CollectionQuery<TField, never>, "fields" | "include"> {
  for (const parameter of Object.keys(query)) {
    if (parameter === "sort" || parameter.startsWith("page[") || parameter.startsWith("filter[")) {
      throw new AppError("invalid_parameter", `${parameter} applies to lists only.`, { parameter });
    }
  }
  const { fields, include } = parseCollectionQuery(query, { ...rules, sortable: [], defaultSort: [], filters: {} });
  return { fields, include };
}
