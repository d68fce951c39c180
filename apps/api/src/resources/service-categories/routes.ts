import type { CollectionRules } from "../../jsonapi/query.ts";
import { readOnlyRoutes } from "../read-only-resource.ts";
import {
  findServiceCategory,
  listServiceCategories,
  type ServiceCategoryFilter,
  type ServiceCategorySortField,
} from "./list-service-categories.ts";
import { serviceCategoryAttributes, toServiceCategoryResource } from "./serialize.ts";

export const serviceCategoryRules: CollectionRules<ServiceCategorySortField, ServiceCategoryFilter> = {
  type: "service-categories",
  attributes: serviceCategoryAttributes,
  sortable: ["position", "name"],
  defaultSort: [{ field: "position", direction: "asc" }],
  filters: { business: "id", location: "id", slug: "text" },
};

/** A business's menu sections, in menu order. */
export const serviceCategoryRoutes = readOnlyRoutes({
  rules: serviceCategoryRules,
  noun: "service category",
  list: listServiceCategories,
  find: findServiceCategory,
  serialize: toServiceCategoryResource,
});
