import type {
  CollectionDocument,
  ErrorDocument,
  ErrorObject,
  ResourceObject,
  SingleDocument,
} from "@termin/contracts/jsonapi";
import type { PageRequest } from "./query.ts";

const jsonapi = { version: "1.1" } as const;

/** Keeps only the attributes and relationships a client asked for with `fields[type]` (sparse fieldsets). */
export function applySparseFields<T extends ResourceObject>(resource: T, fields: readonly string[] | undefined): T {
  if (!fields) return resource;
  const attributes = Object.fromEntries(Object.entries(resource.attributes).filter(([name]) => fields.includes(name)));
  const { relationships: all, ...rest } = resource;
  const relationships = all && Object.fromEntries(Object.entries(all).filter(([name]) => fields.includes(name)));
  // A sparse fieldset is by definition a subset of T's fields.
  return {
    ...rest,
    attributes: attributes as T["attributes"],
    ...(relationships && Object.keys(relationships).length > 0 ? { relationships } : {}),
  } as T;
}

/** One page of a list that is read whole (small reference lists), for lists not paged in SQL. */
export function pageOf<T>(rows: T[], page: PageRequest): T[] {
  return rows.slice((page.number - 1) * page.size, page.number * page.size);
}

function pageLink(url: URL, number: number, size: number): string {
  const link = new URL(url);
  link.searchParams.set("page[number]", String(number));
  link.searchParams.set("page[size]", String(size));
  return `${link.pathname}${link.search}`;
}

export function collectionDocument<T extends ResourceObject>(options: {
  url: URL;
  data: T[];
  total: number;
  page: PageRequest;
  included?: ResourceObject[];
  /** Facts about the whole list beside the paging figures (e.g. a rating summary). */
  meta?: Record<string, unknown>;
}): CollectionDocument<T> {
  const { url, data, total, page, included, meta } = options;
  const pageCount = Math.max(1, Math.ceil(total / page.size));
  return {
    jsonapi,
    data,
    ...(included && included.length > 0 ? { included } : {}),
    meta: { ...meta, total, pageNumber: page.number, pageSize: page.size, pageCount },
    links: {
      self: `${url.pathname}${url.search}`,
      first: pageLink(url, 1, page.size),
      last: pageLink(url, pageCount, page.size),
      prev: page.number > 1 ? pageLink(url, Math.min(page.number - 1, pageCount), page.size) : null,
      next: page.number < pageCount ? pageLink(url, page.number + 1, page.size) : null,
    },
  };
}

/** The links of a list that is never paged (countries, suggestions, free times): every one names the list itself. */
export function unpagedLinks(url: URL): CollectionDocument<ResourceObject>["links"] {
  const self = `${url.pathname}${url.search}`;
  return { self, first: self, last: self, prev: null, next: null };
}

/** A list that is never paged: one page of all its resources. */
export function unpagedCollectionDocument<T extends ResourceObject>(url: URL, data: T[]): CollectionDocument<T> {
  return {
    jsonapi,
    data,
    meta: { total: data.length, pageNumber: 1, pageSize: data.length, pageCount: 1 },
    links: unpagedLinks(url),
  };
}

export function singleDocument<T extends ResourceObject>(options: {
  url: URL;
  data: T;
  included?: ResourceObject[];
}): SingleDocument<T> {
  const { url, data, included } = options;
  return {
    jsonapi,
    data,
    ...(included && included.length > 0 ? { included } : {}),
    links: { self: `${url.pathname}${url.search}` },
  };
}

export function errorDocument(errors: ErrorObject[]): ErrorDocument {
  return { jsonapi, errors };
}
