import type { FastifyInstance, HTTPMethods } from "fastify";
import inject from "light-my-request";

/**
 * `fetch` for this process's own API: each request runs Fastify's whole pipeline (routing, the input edge,
 * authentication, the handler, JSON:API error documents, every hook) without a socket, as `app.inject` does. Page
 * loaders get exactly what an HTTP client gets, without a loopback connection, its keep-alive (which held
 * shutdown for 72 s), or parsing HTTP twice (decision 0029). Not `app.inject` itself: it refuses to run once
 * the server is closing, and a page still being made then must get its data.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await inject(app.routing, {
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
      else if (value !== undefined) headers.set(name, String(value));
    }
    const emptyBody = answer.statusCode === 204 || answer.statusCode === 304 || request.method === "HEAD";
    return new Response(emptyBody ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

// A registered symbol: the React Router server build bundles its own copy of this module, and both copies
// must find the one API the web server offered.
const OFFERED_API = Symbol.for("termin.in-process-api");
type WithOfferedApi = typeof globalThis & { [OFFERED_API]?: typeof fetch };

/** Offers this process's API to its page loaders (the web server, when API_URL is not set elsewhere). */
export function offerInProcessApi(fetchImpl: typeof fetch | undefined): void {
  (globalThis as WithOfferedApi)[OFFERED_API] = fetchImpl;
}

/** The API offered by this process, or undefined: then loaders call API_URL over HTTP. */
export function offeredInProcessApi(): typeof fetch | undefined {
  return (globalThis as WithOfferedApi)[OFFERED_API];
}
