import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import { locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { AppError } from "../../http/app-error.ts";
import { MAX_FILTER_VALUES, parseCollectionQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { createLiveFeed } from "./live-feed.ts";

/** Locations one stream may follow: a page shows one, a city's class week some dozens (the filters' own limit). */
export const MAX_STREAM_LOCATIONS = MAX_FILTER_VALUES;

/** How soon a browser reconnects after the stream ends (a deploy, a lost network). */
const RECONNECT_MS = 1_000;

export const freeTimeChangeRules: CollectionRules<never, "location_id"> = {
  type: "free-time-changes",
  attributes: [],
  sortable: [],
  defaultSort: [],
  filters: { location_id: "id" },
  requiredFilters: ["location_id"],
};

/** The locations asked for that the site shows (decision 0046): on a business's own site, that business's only. */
async function locationsWithinSite(db: Database, asked: number[], site: Site): Promise<number[]> {
  const businessId = siteBusinessId(site);
  if (businessId === null) return asked;
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(inArray(locations.id, asked), eq(locations.businessId, businessId)));
  return rows.map((row) => row.id);
}

/** The location ids of `filter[location_id]`: required, at most MAX_STREAM_LOCATIONS (the parser's limit). */
function askedLocations(query: Record<string, string>): number[] {
  for (const parameter of Object.keys(query)) {
    if (!parameter.startsWith("filter[")) {
      throw new AppError("invalid_parameter", `Unknown query parameter ${parameter}: a stream takes filters only.`, {
        parameter,
      });
    }
  }
  const parameter = "filter[location_id]";
  const asked = parseCollectionQuery(query, freeTimeChangeRules).filter.location_id ?? [];
  if (asked.length === 0) throw new AppError("invalid_parameter", `${parameter} is required.`, { parameter });
  return [...new Set(asked.map(Number))];
}

/**
 * `GET /v1c/free-time-changes?filter[location_id]=12,14`: server-sent events (decision 0048) telling open pages
 * that free times or seats at those locations changed, within a second of the commit, whichever process wrote.
 * Never compressed (each event must leave at once) and never kept by a cache; ended when the server drains, so
 * shutdown does not wait for it.
 */
export const freeTimeChangeRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const feed = createLiveFeed(database, app.log);
  app.addHook("preClose", async () => feed.close());

  app.get(
    "/free-time-changes",
    { compress: false, exposeHeadRoute: false, config: { endless: true } },
    async (request, reply) => {
      const asked = askedLocations(request.query as Record<string, string>);
      const followed = new Set(await locationsWithinSite(database.db, asked, request.site));
      const body = new Readable({ read: () => undefined });
      const lastEventId = request.headers["last-event-id"];
      body.push(`retry: ${RECONNECT_MS}\n\n`);
      const close = feed.subscribe(
        {
          locationIds: followed,
          write: (text) => body.push(text),
          end: () => {
            // The server is draining: after the last bytes the connection goes too, or it would idle on keep-alive
            // and hold the shutdown.
            reply.raw.once("finish", () => request.raw.socket?.destroy());
            body.push(null);
          },
        },
        typeof lastEventId === "string" && lastEventId !== "" ? lastEventId : undefined,
      );
      // The visitor left, or the stream ended: either way its record goes.
      reply.raw.once("close", close);
      body.once("close", close);
      return (
        reply
          .type("text/event-stream")
          .header("cache-control", "no-store")
          // A proxy that buffers answers (nginx) would hold each event back.
          .header("x-accel-buffering", "no")
          .send(body)
      );
    },
  );
};
