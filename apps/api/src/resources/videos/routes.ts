import { createHash } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { media } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { AppError } from "../../http/app-error.ts";
import { allowReadingFiles } from "../../http/cross-origin.ts";
import { apiEdge } from "../../http/input-edge.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { ImageCache } from "../images/image-cache.ts";
import { parseByteRange } from "./byte-range.ts";

const ONE_YEAR = 31_536_000;

interface StoredVideo {
  body: Buffer;
  etag: string;
}

/** Video files by media id: a player asks for many ranges of the same file, so it is read from the database once. */
function videoStore(db: Database) {
  const bodies = new ImageCache(32 * 1024 * 1024);
  const etags = new Map<number, string>();
  return async (id: number): Promise<StoredVideo | undefined> => {
    const cached = bodies.get(String(id));
    const knownEtag = etags.get(id);
    if (cached && knownEtag) return { body: cached, etag: knownEtag };
    const [row] = await db
      .select({ video: media.video })
      .from(media)
      .where(and(eq(media.id, id), eq(media.kind, "video"), isNotNull(media.video)));
    if (!row?.video) return undefined;
    const etag = `"${createHash("sha256").update(row.video).digest("base64url").slice(0, 27)}"`;
    bodies.set(String(id), row.video);
    etags.set(id, etag);
    return { body: row.video, etag };
  };
}

/**
 * GET /videos/:id — a media video's WebM file. Players seek with byte ranges (206, or 416 past the end);
 * a media id's video never changes, so answers carry a strong ETag and are cacheable for a year.
 */
export const videoRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  apiEdge(app);
  allowReadingFiles(app, "*");
  const findVideo = videoStore(database.db);

  app.get<{ Params: { id: string } }>("/videos/:id", async (request, reply) => {
    const notFound = () => new AppError("not_found", `There is no video ${request.params.id}.`);
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound();
    const video = await findVideo(Number(request.params.id));
    if (!video) throw notFound();
    const { body, etag } = video;
    reply
      .header("accept-ranges", "bytes")
      .header("etag", etag)
      .header("cache-control", `public, max-age=${ONE_YEAR}, immutable`);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();

    // If-Range: a range of the file the client already has part of; another version gets the whole file.
    const ifRange = request.headers["if-range"];
    const range = ifRange === undefined || ifRange === etag ? parseByteRange(request.headers.range, body.length) : null;
    if (range?.kind === "unsatisfiable") {
      reply.header("content-range", `bytes */${body.length}`);
      throw new AppError("range_not_satisfiable", `The video has ${body.length} bytes: that range lies past its end.`);
    }
    reply.type("video/webm");
    if (range?.kind === "part") {
      return reply
        .code(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${body.length}`)
        .send(body.subarray(range.start, range.end + 1));
    }
    return reply.send(body);
  });
};
