import type { FastifyInstance } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Calls `forget` when a request that may change data (anything but GET, HEAD, OPTIONS) succeeded, before its
 * answer leaves: what was kept in memory for a second is dropped, so whoever wrote reads what they wrote.
 */
export function forgetOnWrite(app: FastifyInstance, forget: () => void): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) forget();
    return payload;
  });
}
