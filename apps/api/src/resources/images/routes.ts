import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { media } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { allowReadingFiles } from "../../http/cross-origin.ts";
import { apiEdge } from "../../http/input-edge.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { ImageCache } from "./image-cache.ts";
import { IMAGE_SIZES } from "@termin/contracts/image-sizes";
import { negotiateFormat, renderImage } from "./render-image.ts";

const ONE_YEAR = 31_536_000;

/**
 * GET /images/:id?s=390 — a media picture whose longest side is `s` px, as AVIF, WebP or JPEG by
 * the Accept header. A media id's picture never changes, so answers are cacheable for a year.
 */
export const imageRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  apiEdge(app);
  allowReadingFiles(app, "*");
  const cache = new ImageCache(64 * 1024 * 1024);

  app.get<{ Params: { id: string }; Querystring: { s?: string } }>("/images/:id", async (request, reply) => {
    const size = Number(request.query.s ?? 640);
    if (!(IMAGE_SIZES as readonly number[]).includes(size)) {
      throw new AppError("invalid_parameter", `s must be one of ${IMAGE_SIZES.join(", ")}.`, { parameter: "s" });
    }
    if (!/^\d{1,9}$/.test(request.params.id))
      throw new AppError("not_found", `There is no image ${request.params.id}.`);
    const format = negotiateFormat(request.headers.accept);
    const key = `${request.params.id}:${size}:${format}`;
    let body = cache.get(key);
    if (!body) {
      const [row] = await database.db
        .select({ svg: media.svg })
        .from(media)
        .where(eq(media.id, Number(request.params.id)));
      if (!row) throw new AppError("not_found", `There is no image ${request.params.id}.`);
      body = await renderImage(row.svg, size, format);
      cache.set(key, body);
    }
    return reply
      .type(`image/${format}`)
      .header("cache-control", `public, max-age=${ONE_YEAR}, immutable`)
      .header("vary", "Accept")
      .send(body);
  });
};
