/**
 * What leaves the process in an error report or a trace: nothing that names or identifies a person. Errors and
 * traces keep what finds the bug (the error, its stack, the path, the method, the release); e-mails, names, tokens,
 * cookies, Authorization headers, query values and request bodies are removed before the SDK sends anything.
 * Typed by shape rather than by an SDK's event type: the Node and browser SDKs each bring their own copy of it.
 */

export const FILTERED = "[Filtered]";

/** Keys whose value is personal or secret whatever it holds (headers, span attributes, extra data). */
const SENSITIVE_KEY =
  /authorization|cookie|password|passwd|secret|token|e-?mail|phone|session|api[-_]?key|^name$|(first|last|full|given|family)[-_]?name|body|query/i;

const EMAIL = /[^\s@"'<>(),;:/?&=]+@[^\s@"'<>(),;:/?&=]+\.[a-z]{2,}/gi;
const CREDENTIALS = /\b(Bearer|Basic|Token)\s+[^\s"',;]+/gi;
/** `?name=value` and `&name=value`: every value goes, the names stay (they tell what the request was). */
const QUERY_VALUE = /([?&][^=&#\s"'?]+)=([^&#\s"']*)/g;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** Opaque secrets: a long run of letters and digits with both in it (access tokens, reset codes, hashes). */
const OPAQUE_TOKEN = /\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{40,}\b/gi;

/** Headers kept on a report's request (an allow list: anything else, a new header included, is dropped). */
const KEPT_HEADERS = new Set([
  "accept",
  "accept-language",
  "content-type",
  "content-length",
  "user-agent",
  "x-request-id",
  "app-version",
  "app-build",
  "app-render",
]);

/** Text with e-mail addresses, credentials, tokens and query values replaced. */
export function scrubText(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(CREDENTIALS, `$1 ${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(QUERY_VALUE, `$1=${FILTERED}`)
    .replace(OPAQUE_TOKEN, FILTERED);
}

/** A URL without its query string and fragment. */
export function scrubUrl(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? "";
}

/** Any value: strings scrubbed, sensitive keys' values filtered, at any depth (cut off at 10 levels). */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= 10) return FILTERED;
  if (Array.isArray(value)) return value.map((each: unknown) => scrubValue(each, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, each]) => [key, SENSITIVE_KEY.test(key) ? FILTERED : scrubValue(each, depth + 1)]),
  );
}

function scrubRecord<T extends Record<string, unknown>>(record: T): T {
  return scrubValue(record) as T;
}

export interface ScrubbableBreadcrumb {
  message?: string;
  data?: Record<string, unknown>;
}

export interface ScrubbableRequest {
  url?: string;
  query_string?: unknown;
  cookies?: unknown;
  data?: unknown;
  env?: unknown;
  headers?: Record<string, string>;
}

interface ScrubbableFrame {
  vars?: unknown;
}

/** The parts of an error or transaction event that may carry personal data. */
export interface ScrubbableEvent {
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  transaction?: string;
  request?: ScrubbableRequest;
  user?: unknown;
  exception?: { values?: { value?: string; stacktrace?: { frames?: ScrubbableFrame[] } }[] };
  breadcrumbs?: ScrubbableBreadcrumb[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  spans?: { description?: string; data?: Record<string, unknown> }[];
}

export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(breadcrumb: B): B {
  if (breadcrumb.message !== undefined) breadcrumb.message = scrubText(breadcrumb.message);
  if (breadcrumb.data !== undefined) breadcrumb.data = scrubRecord(breadcrumb.data);
  return breadcrumb;
}

function scrubRequest(request: ScrubbableRequest): void {
  delete request.query_string;
  delete request.cookies;
  delete request.data;
  delete request.env;
  if (request.url !== undefined) request.url = scrubUrl(request.url);
  if (request.headers !== undefined) {
    request.headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
    );
  }
}

/** A span as it may leave (traces are streamed span by span): its name and attributes scrubbed. */
export function scrubSpan<S extends { name: string; attributes: Record<string, unknown> }>(span: S): S {
  span.name = scrubText(span.name);
  span.attributes = scrubRecord(span.attributes);
  return span;
}

/**
 * An event as it may leave: no user (not even an id: nothing here needs one), the request without its query,
 * body, cookies and headers other than the kept few, and every text scrubbed. Changes the event in place.
 */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  delete event.user;
  if (event.request !== undefined) scrubRequest(event.request);
  if (event.message !== undefined) event.message = scrubText(event.message);
  if (event.logentry !== undefined) {
    if (event.logentry.message !== undefined) event.logentry.message = scrubText(event.logentry.message);
    if (event.logentry.params !== undefined) event.logentry.params = scrubValue(event.logentry.params) as unknown[];
  }
  if (event.transaction !== undefined) event.transaction = scrubText(event.transaction);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value !== undefined) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  for (const breadcrumb of event.breadcrumbs ?? []) scrubBreadcrumb(breadcrumb);
  if (event.extra !== undefined) event.extra = scrubRecord(event.extra);
  if (event.contexts !== undefined) event.contexts = scrubRecord(event.contexts);
  for (const span of event.spans ?? []) {
    if (span.description !== undefined) span.description = scrubText(span.description);
    if (span.data !== undefined) span.data = scrubRecord(span.data);
  }
  return event;
}
