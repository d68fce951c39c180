import type { FastifyInstance } from "fastify";
import { AVATAR_UPLOAD_MAX_BYTES, AVATAR_UPLOAD_TYPES } from "@termin/contracts/client-resources";
import { AppError } from "../../http/app-error.ts";

const MEGABYTES = AVATAR_UPLOAD_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new AppError("payload_too_large", `A picture may be at most ${MEGABYTES} MB.`);

/**
 * Accepts raw picture bodies (the avatar upload) in this plugin, up to the upload limit: a declared
 * Content-Length over it is refused before reading, and a body that grows past it is cut off.
 */
export function acceptPictureBodies(app: FastifyInstance): void {
  app.addContentTypeParser([...AVATAR_UPLOAD_TYPES], (request, payload, done) => {
    if (Number(request.headers["content-length"] ?? 0) > AVATAR_UPLOAD_MAX_BYTES) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    payload.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > AVATAR_UPLOAD_MAX_BYTES) {
        payload.removeAllListeners("data");
        payload.resume();
        done(tooLarge(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on("end", () => {
      if (bytes <= AVATAR_UPLOAD_MAX_BYTES) done(null, Buffer.concat(chunks));
    });
    payload.on("error", (error) => done(error, undefined));
  });
  // Any other body is left unread: the route answers 415 naming the accepted types.
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
}

/** The uploaded picture, or a 415 for any other kind of body (or none). */
export function uploadedPicture(request: { body: unknown; headers: { "content-type"?: string | undefined } }) {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(AVATAR_UPLOAD_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(request.body)) {
    throw new AppError(
      "unsupported_media_type",
      `Send the picture itself as the body, as ${AVATAR_UPLOAD_TYPES.join(", ")}.`,
      { header: "Content-Type" },
    );
  }
  return request.body;
}
