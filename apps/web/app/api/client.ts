import { JSONAPI_MEDIA_TYPE, type ErrorDocument } from "@termin/contracts/jsonapi";
import { APP_HEADERS } from "@termin/contracts/request-headers";
import { SITE_EMBED_HEADER, SITE_HOST_HEADER } from "@termin/contracts/site";
import { acceptLanguageFor, type Language } from "@termin/domain/languages";
import type { TrackingRecord } from "../lib/tracking.ts";

export interface Credentials {
  token_type: string;
  access_token: string;
}

export interface ApiClientOptions {
  /** Origin of the API: the web server's own on the server, "" (same origin) in the browser. */
  baseUrl: string;
  language: Language;
  app: { name: string; version: string; build: string };
  /** "ssr" when the web server calls on a visitor's behalf (spec section 7). */
  render?: "ssr";
  tracking?: TrackingRecord | undefined;
  /** The page the request is made for; fills the tracking record's current_page. */
  currentPage?: string;
  credentials?: Credentials | undefined;
  /** On the server: the visitor's address, forwarded so the API counts rate limits per visitor. */
  clientIp?: string | null;
  /** On the server: the page request's id, so the API's log lines for this call carry the same one. */
  requestId?: string | null;
  /** On the server: the page's host, so the API answers for the same site (a business's domain sees only it). */
  siteHost?: string;
  /** On the server: the business an embed page shows (its slug), so the API answers for that business only. */
  embeddedBusiness?: string | undefined;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** A JSON:API error answer, with the server's own errors for the caller to show. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly errors: ErrorDocument["errors"];

  constructor(status: number, errors: ErrorDocument["errors"]) {
    super(errors[0]?.detail ?? `API answered ${status}`);
    this.status = status;
    this.errors = errors;
  }
}

/** The headers the spec requires on every API request (section 7). */
export function apiHeaders(options: ApiClientOptions): Headers {
  const headers = new Headers({
    accept: JSONAPI_MEDIA_TYPE,
    "accept-language": acceptLanguageFor(options.language),
    [APP_HEADERS.version]: options.app.version,
    [APP_HEADERS.build]: options.app.build,
    [APP_HEADERS.name]: options.app.name,
    [APP_HEADERS.serviceWorkerBypass]: "true",
  });
  if (options.tracking) {
    const record = { ...options.tracking, ...(options.currentPage ? { current_page: options.currentPage } : {}) };
    headers.set(APP_HEADERS.tracking, JSON.stringify(record));
  }
  if (options.render) {
    headers.set(APP_HEADERS.render, options.render);
    // Server to server, usually over loopback: compressing only to decompress costs CPU and saves nothing.
    headers.set("accept-encoding", "identity");
  }
  if (options.clientIp) headers.set("x-forwarded-for", options.clientIp);
  if (options.requestId) headers.set("x-request-id", options.requestId);
  if (options.siteHost) headers.set(SITE_HOST_HEADER, options.siteHost);
  if (options.embeddedBusiness) headers.set(SITE_EMBED_HEADER, options.embeddedBusiness);
  if (options.credentials) {
    headers.set("authorization", `${options.credentials.token_type} ${options.credentials.access_token}`);
  }
  return headers;
}

export type ApiClient = ReturnType<typeof createApiClient>;

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Plain functions over fetch: server loaders and actions use them, client code (native app) later. */
export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? fetch;

  /** `path` is under /v1c/ unless it starts with "/" (the /auth endpoints). */
  async function request<T>(
    method: Method,
    path: string,
    query?: Record<string, string>,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const fullPath = path.startsWith("/") ? path : `/v1c/${path}`;
    const url = new URL(`${options.baseUrl}${fullPath}`, options.baseUrl ? undefined : globalThis.location?.href);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    const headers = apiHeaders(options);
    for (const [name, value] of Object.entries(extraHeaders ?? {})) headers.set(name, value);
    if (body !== undefined) headers.set("content-type", path.startsWith("/") ? "application/json" : JSONAPI_MEDIA_TYPE);
    const response = await fetchImpl(url, {
      method,
      headers,
      signal: options.signal ?? null,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      throw new ApiError(response.status, (parsed as Partial<ErrorDocument> | undefined)?.errors ?? []);
    }
    return parsed as T;
  }

  /**
   * A request whose body or answer is not a JSON document (a picture upload, a file download): the answer
   * as it comes, to stream on; error answers throw ApiError like the others.
   */
  async function raw(method: Method, path: string, body?: { type: string; data: BodyInit }): Promise<Response> {
    const headers = apiHeaders(options);
    if (body) headers.set("content-type", body.type);
    const url = new URL(`${options.baseUrl}/v1c/${path}`, options.baseUrl ? undefined : globalThis.location?.href);
    const response = await fetchImpl(url, {
      method,
      headers,
      signal: options.signal ?? null,
      ...(body ? { body: body.data } : {}),
    });
    if (!response.ok) {
      const text = await response.text();
      const parsed = (text.startsWith("{") ? JSON.parse(text) : undefined) as Partial<ErrorDocument> | undefined;
      throw new ApiError(response.status, parsed?.errors ?? []);
    }
    return response;
  }

  return {
    raw,
    get: <T>(path: string, query?: Record<string, string>) => request<T>("GET", path, query),
    /** `headers`: request-specific ones, such as an `Idempotency-Key`. */
    post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>("POST", path, undefined, body ?? {}, headers),
    patch: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
      request<T>("PATCH", path, undefined, body, headers),
    /** `body`: for the few deletes that name what to delete in a body (DELETE /auth/user-token). */
    delete: <T = undefined>(path: string, body?: unknown) => request<T>("DELETE", path, undefined, body),
  };
}
