import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { findEmployees } from "../employees/list-employees.ts";
import { employeeAttributes, toEmployeeResource } from "../employees/serialize.ts";
import { distinctIds, readOnlyRoutes } from "../read-only-resource.ts";
import type { ReadContext } from "../../sites/read-context.ts";
import { findServices } from "../services/list-services.ts";
import { serviceAttributes, toServiceResource } from "../services/serialize.ts";
import { findServiceEmployee, listServiceEmployees, type ServiceEmployeeFilter } from "./list-service-employees.ts";
import { serviceEmployeeAttributes, toServiceEmployeeResource, type ServiceEmployeeRow } from "./serialize.ts";

export const serviceEmployeeRules: CollectionRules<never, ServiceEmployeeFilter> = {
  type: "service-employees",
  attributes: serviceEmployeeAttributes,
  sortable: [],
  defaultSort: [],
  filters: { service: "id", employee: "id" },
  includable: ["employee", "service"],
  relatedTypes: { employees: employeeAttributes, services: serviceAttributes },
};

/** One query per relationship asked for. */
async function loadServiceEmployeeIncludes(
  context: ReadContext,
  rows: ServiceEmployeeRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  const [staff, services] = await Promise.all([
    include.includes("employee") ? findEmployees(context, distinctIds(rows.map((row) => row.employeeId))) : [],
    include.includes("service") ? findServices(context, distinctIds(rows.map((row) => row.serviceId))) : [],
  ]);
  return [...staff.map(toEmployeeResource), ...services.map(toServiceResource)];
}

/** Who performs which service. */
export const serviceEmployeeRoutes = readOnlyRoutes({
  rules: serviceEmployeeRules,
  noun: "service employee",
  list: listServiceEmployees,
  find: findServiceEmployee,
  serialize: toServiceEmployeeResource,
  loadIncludes: loadServiceEmployeeIncludes,
});
