import { getTableColumns, sql } from "drizzle-orm";
import { media } from "@termin/db/catalogue-schema";

const { svg: _svg, video: _video, ...listed } = getTableColumns(media);

/** The columns to select for a MediaRow: everything but the heavy svg source and video bytes. */
export const mediaRowColumns = { ...listed, hasVideo: sql<boolean>`${media.video} is not null` };
