import type { CollectionRules } from "../../jsonapi/query.ts";
import { employeeAttributes } from "../employees/serialize.ts";
import { marketplaceServiceAttributes } from "../marketplace-services/serialize.ts";
import { readOnlyRoutes } from "../read-only-resource.ts";
import { serviceCategoryAttributes } from "../service-categories/serialize.ts";
import { servicePriceAttributes } from "../service-prices/serialize.ts";
import { findService, listServices, type ServiceFilter, type ServiceSortField } from "./list-services.ts";
import { loadServiceIncludes, SERVICE_INCLUDES } from "./load-service-includes.ts";
import { serviceAttributes, toServiceResource } from "./serialize.ts";

export const serviceRules: CollectionRules<ServiceSortField, ServiceFilter> = {
  type: "services",
  attributes: serviceAttributes,
  sortable: ["position", "name", "price"],
  defaultSort: [{ field: "position", direction: "asc" }],
  filters: { business: "id", location: "id", service_category: "id", marketplace_service: "text" },
  includable: SERVICE_INCLUDES,
  relatedTypes: {
    "service-prices": servicePriceAttributes,
    "service-categories": serviceCategoryAttributes,
    "marketplace-services": marketplaceServiceAttributes,
    employees: employeeAttributes,
  },
};

/** Businesses' menus: services with their price and duration ranges. */
export const serviceRoutes = readOnlyRoutes({
  rules: serviceRules,
  noun: "service",
  list: listServices,
  find: findService,
  serialize: toServiceResource,
  loadIncludes: loadServiceIncludes,
});
