import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { AVATAR_SIZES } from "@termin/contracts/client-resources";
import { clientAvatars } from "@termin/db/account-schema";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { AppError } from "../../http/app-error.ts";
import { allowReadingFiles } from "../../http/cross-origin.ts";
import { apiEdge } from "../../http/input-edge.ts";
import { negotiateFormat } from "../images/render-image.ts";
import { renderAvatar } from "./avatar-pictures.ts";

const ONE_YEAR = 31_536_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /avatars/:id?s=96 — a client's picture, square, as AVIF, WebP or JPEG by the Accept header. An upload
 * gets a new id, so the picture behind an id never changes: cacheable for a year. Ids are random UUIDs.
 * Unlike /images there is no server-side cache of renderings: a removed avatar must stop being served at
 * once, and the browser's own cache already spares the server repeated renderings of one's own picture.
 */
export const avatarRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  apiEdge(app);
  allowReadingFiles(app, "*");

  app.get<{ Params: { id: string }; Querystring: { s?: string } }>("/avatars/:id", async (request, reply) => {
    const size = Number(request.query.s ?? 96);
    if (!(AVATAR_SIZES as readonly number[]).includes(size)) {
      throw new AppError("invalid_parameter", `s must be one of ${AVATAR_SIZES.join(", ")}.`, { parameter: "s" });
    }
    const { id } = request.params;
    const notFound = () => new AppError("not_found", `There is no avatar ${id}.`);
    if (!UUID.test(id)) throw notFound();
    const [row] = await database.db
      .select({ image: clientAvatars.image })
      .from(clientAvatars)
      .where(eq(clientAvatars.id, id));
    if (!row) throw notFound();
    const format = negotiateFormat(request.headers.accept);
    const body = await renderAvatar(row.image, size, format);
    return reply
      .type(`image/${format}`)
      .header("cache-control", `public, max-age=${ONE_YEAR}, immutable`)
      .header("vary", "Accept")
      .send(body);
  });
};
