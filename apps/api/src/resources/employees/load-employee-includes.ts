import { and, inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { media } from "@termin/db/catalogue-schema";
import { mediaRowColumns } from "../media/media-columns.ts";
import { toMediaResource } from "../media/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import { findServices } from "../services/list-services.ts";
import { toServiceResource } from "../services/serialize.ts";
import type { EmployeeRow } from "./select-employees.ts";

export const EMPLOYEE_INCLUDES = ["avatar", "services"] as const;

/** One query per relationship asked for, within the site like the employees. */
export async function loadEmployeeIncludes(
  context: ReadContext,
  rows: EmployeeRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  const { db } = context;
  const avatarIds = distinctIds(rows.map((row) => row.avatarMediaId));
  const [avatars, services] = await Promise.all([
    include.includes("avatar") && avatarIds.length > 0
      ? db
          .select(mediaRowColumns)
          .from(media)
          .where(and(inArray(media.id, avatarIds), ofSiteBusiness(context, media.businessId)))
      : [],
    include.includes("services") ? findServices(context, distinctIds(rows.flatMap((row) => row.serviceIds))) : [],
  ]);
  // mediaRowColumns types its `is not null` column loosely; the drivers answer a boolean.
  return [
    ...avatars.map(({ hasVideo, ...row }) => toMediaResource({ ...row, hasVideo: hasVideo === true })),
    ...services.map(toServiceResource),
  ];
}
