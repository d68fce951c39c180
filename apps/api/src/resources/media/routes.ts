import type { CollectionRules } from "../../jsonapi/query.ts";
import { businessAttributes } from "../businesses/serialize.ts";
import { locationAttributes } from "../locations/serialize.ts";
import { marketplaceServiceAttributes } from "../marketplace-services/serialize.ts";
import { readOnlyRoutes } from "../read-only-resource.ts";
import { findMedia, KINDS, listMedia, type MediaFilter, type MediaSortField } from "./list-media.ts";
import { loadMediaIncludes, MEDIA_INCLUDES } from "./load-media-includes.ts";
import { mediaAttributes, toMediaResource } from "./serialize.ts";

export const mediaRules: CollectionRules<MediaSortField, MediaFilter> = {
  type: "media",
  attributes: mediaAttributes,
  sortable: ["created_at", "like_count"],
  defaultSort: [{ field: "created_at", direction: "desc" }],
  filters: {
    inspiration: { oneOf: ["true", "false"] },
    marketplace_service: "text",
    location: "id",
    business: "id",
    kind: { oneOf: KINDS },
  },
  includable: MEDIA_INCLUDES,
  relatedTypes: {
    "marketplace-services": marketplaceServiceAttributes,
    locations: locationAttributes,
    businesses: businessAttributes,
  },
};

/** Pictures and videos: the look book is `filter[inspiration]=true`, newest first. */
export const mediaRoutes = readOnlyRoutes({
  rules: mediaRules,
  noun: "media",
  list: listMedia,
  find: findMedia,
  serialize: toMediaResource,
  loadIncludes: loadMediaIncludes,
});
