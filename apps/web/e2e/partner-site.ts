import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A partner's site on another origin (a salon's own website calling our API from its pages), which the test server
 * lists in CORS_ORIGINS (playwright.config.ts). Chromium resolves *.localhost to this machine.
 */
export const PARTNER_ORIGIN = "http://partner.localhost:3190";

/**
 * Serves `html` at every path of `origin`'s port on this machine, as a real site would: a page in Chromium then
 * calls the API from that origin, with the browser's own CORS and local-network checks.
 */
export async function serveSite(origin: string, html: string): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), "127.0.0.1", resolve));
  if ((server.address() as AddressInfo).port !== Number(new URL(origin).port)) throw new Error("wrong port");
  return server;
}
