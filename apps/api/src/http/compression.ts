import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Compresses pages and API documents on the fly: brotli at quality 4 (most of the saving of 11 at a small
 * fraction of the CPU, which a server rendering pages on 2 cores needs), gzip for older clients. Static
 * assets come pre-compressed at maximum quality from the build; pictures and videos are already compressed.
 * Register before any route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
