import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { MadeAnswer } from "@termin/api/http/shared-answer-cache";
import { siteKey, siteOfRequest } from "@termin/api/sites/request-site";
import { COOKIE } from "@termin/contracts/cookies";
import { SIGNED_IN_PAGE_HEADER } from "../app/lib/public-pages.ts";
import { SITE_HEADER, siteHeaderValue } from "../app/lib/site-header.ts";
import { isFramedRequest, partitionedCookie } from "./framed-requests.ts";
import { createPageCache, isSignedInPage } from "./page-cache.ts";

/**
 * The request's cookies without the session, and the mark of a page for every signed-in client (decision 0031):
 * such a page is made from nobody's session, so nobody's data can be in it.
 */
function asSignedInPage(headers: Headers): void {
  const others = (headers.get("cookie") ?? "")
    .split(";")
    .filter((pair) => pair.split("=")[0]?.trim() !== COOKIE.session)
    .join(";");
  if (others.trim() === "") headers.delete("cookie");
  else headers.set("cookie", others);
  headers.set(SIGNED_IN_PAGE_HEADER, "1");
}

/**
 * Turns a Fastify request into a Fetch API Request for React Router, for `path` (path and query). With `signal`,
 * the render stops when the visitor leaves. `signedInPage`: made as the page for every signed-in client.
 */
function toFetchRequest(
  request: FastifyRequest,
  path: string,
  method: string,
  signedInPage: boolean,
  signal?: AbortSignal,
): Request {
  const url = `${request.protocol}://${request.host}${path}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  // Only this server marks a page as made for signed-in clients, and names its site: a visitor's own would be kept
  // for others.
  headers.delete(SIGNED_IN_PAGE_HEADER);
  headers.set(SITE_HEADER, siteHeaderValue(siteOfRequest(request)));
  if (signedInPage) asSignedInPage(headers);
  // The visitor's address as Fastify resolved it (trusted proxies only): the API's rate limits count by it,
  // and a visitor's own X-Forwarded-For must not reach the API.
  headers.set("x-forwarded-for", request.ip);
  // The id this server's log lines carry (the caller's if valid): failures are logged, and shown, by it
  // (app/lib/request-reference.ts), and the pages pass it on to the API.
  headers.set("x-request-id", request.id);
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: signal ?? null,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  });
}

/**
 * React Router's answer read whole. Our pages render whole in a few milliseconds (no deferred data), and piping
 * Node -> web -> Node streams starved some connections under load (50 connections: p99 5.2 s streamed, 0.65 s
 * buffered); a whole page can also be kept and compressed once (page-cache.ts). Revisit when a route streams.
 */
async function readResponse(response: Response): Promise<MadeAnswer> {
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** Renders a page for a request; `path` (path and query) when the page to render is not the request's own URL. */
export type PageHandler = (request: FastifyRequest, reply: FastifyReply, path?: string) => Promise<FastifyReply>;

/**
 * A Fastify handler that answers any request nothing else answered with the React Router app, through the
 * anonymous visitors' page cache. The answer goes through Fastify, so its hooks (headers, logs) still apply.
 */
export function reactRouterHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
): PageHandler & { forgetPages(): void } {
  const handle = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  const cache = createPageCache();
  const handlePage: PageHandler = async (request, reply, path = request.url) => {
    const facts = {
      method: request.method,
      origin: `${request.protocol}://${request.host}`,
      site: siteKey(siteOfRequest(request)),
      path,
      headers: request.headers,
    };
    const signedInPage = isSignedInPage(facts);
    const answer = await cache.serve(facts, async (shared) => {
      // A page others may get is made whole (a HEAD's answer has no body to keep) and outlives this visitor.
      if (shared) return readResponse(await handle(toFetchRequest(request, path, "GET", signedInPage)));
      const controller = new AbortController();
      reply.raw.once("close", () => controller.abort());
      return readResponse(await handle(toFetchRequest(request, path, request.method, signedInPage, controller.signal)));
    });
    reply.status(answer.status);
    const cookies: string[] = [];
    for (const [name, value] of answer.headers) {
      if (name === "set-cookie") cookies.push(value);
      else reply.header(name, value);
    }
    if (cookies.length > 0)
      reply.header("set-cookie", isFramedRequest(request) ? cookies.map(partitionedCookie) : cookies);
    return reply.send(answer.body);
  };
  return Object.assign(handlePage, { forgetPages: () => cache.clear() });
}
