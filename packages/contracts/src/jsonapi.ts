/** JSON:API 1.1 document shapes shared by the API (producer) and the web client (consumer). */

export const JSONAPI_MEDIA_TYPE = "application/vnd.api+json";

/** The largest page[size] a collection answers with. */
export const MAX_PAGE_SIZE = 100;

export interface ResourceIdentifier<TType extends string = string> {
  type: TType;
  id: string;
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface ResourceObject<
  TType extends string = string,
  TAttributes extends object = object,
> extends ResourceIdentifier<TType> {
  attributes: TAttributes;
  relationships?: Record<string, Relationship>;
  links?: { self: string };
}

export interface PageMeta {
  total: number;
  pageNumber: number;
  pageSize: number;
  pageCount: number;
}

export interface CollectionDocument<TResource extends ResourceObject> {
  jsonapi: { version: "1.1" };
  data: TResource[];
  included?: ResourceObject[];
  meta: PageMeta;
  links: { self: string; first: string; last: string; prev: string | null; next: string | null };
}

export interface SingleDocument<TResource extends ResourceObject> {
  jsonapi: { version: "1.1" };
  data: TResource;
  included?: ResourceObject[];
  links: { self: string };
}

export interface ErrorObject {
  status: string;
  code: string;
  title?: string;
  detail: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  /** Machine-readable facts about the error, e.g. `reason` of a form answer (so apps word it themselves). */
  meta?: Record<string, unknown>;
}

export interface ErrorDocument {
  jsonapi: { version: "1.1" };
  errors: ErrorObject[];
}
