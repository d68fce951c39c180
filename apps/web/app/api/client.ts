import { JSONAPI_MEDIA_TYPE, type ErrorDocument } from "@termin/contracts/jsonapi";
import { APP_HEADERS } from "@termin/contracts/request-headers";
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
  if (options.credentials) {
    headers.set("authorization", `${options.credentials.token_type} ${options.credentials.access_token}`);
  }
  return headers;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Plain functions over fetch: server loaders use them now, client loaders (native app) later. */
export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  return {
    async get<T>(path: string, query?: Record<string, string>): Promise<T> {
      const url = new URL(`${options.baseUrl}/v1c/${path}`, options.baseUrl ? undefined : globalThis.location?.href);
      for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
      const response = await fetchImpl(url, { headers: apiHeaders(options), signal: options.signal ?? null });
      const body: unknown = await response.json();
      if (!response.ok) {
        throw new ApiError(response.status, (body as Partial<ErrorDocument>).errors ?? []);
      }
      return body as T;
    },
  };
}
