import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";

/** Turns a Fastify request into a Fetch API Request for React Router, for `path` (path and query). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, path: string): Request {
  const url = `${request.protocol}://${request.host}${path}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  // The visitor's address as Fastify resolved it (trusted proxies only): the API's rate limits count by it,
  // and a visitor's own X-Forwarded-For must not reach the API.
  headers.set("x-forwarded-for", request.ip);
  // The id this server's log lines carry (the caller's if valid): failures are logged, and shown, by it
  // (app/lib/request-reference.ts), and the pages pass it on to the API.
  headers.set("x-request-id", request.id);
  const controller = new AbortController();
  reply.raw.once("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  });
}

/**
 * Sends React Router's Response through Fastify, so Fastify's hooks (headers, logs) still apply.
 * The body is buffered: our pages render whole in a few milliseconds (no deferred data yet), and piping
 * Node -> web -> Node streams starved some connections under load (50 connections: p99 5.2 s streamed,
 * 0.65 s buffered). Revisit when a route streams deferred data.
 */
async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** Renders a page for a request; `path` (path and query) when the page to render is not the request's own URL. */
export type PageHandler = (request: FastifyRequest, reply: FastifyReply, path?: string) => Promise<FastifyReply>;

/** A Fastify handler that renders the React Router app for any request nothing else answered. */
export function reactRouterHandler(build: ServerBuild | (() => Promise<ServerBuild>)): PageHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  return async (request, reply, path = request.url) =>
    sendFetchResponse(reply, await handle(toFetchRequest(request, reply, path)));
}
