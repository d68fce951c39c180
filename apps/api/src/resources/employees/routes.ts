import type { CollectionRules } from "../../jsonapi/query.ts";
import { mediaAttributes } from "../media/serialize.ts";
import { readOnlyRoutes } from "../read-only-resource.ts";
import { serviceAttributes } from "../services/serialize.ts";
import { findEmployee, listEmployees, type EmployeeFilter, type EmployeeSortField } from "./list-employees.ts";
import { EMPLOYEE_INCLUDES, loadEmployeeIncludes } from "./load-employee-includes.ts";
import { employeeAttributes, toEmployeeResource } from "./serialize.ts";

export const employeeRules: CollectionRules<EmployeeSortField, EmployeeFilter> = {
  type: "employees",
  attributes: employeeAttributes,
  sortable: ["name"],
  defaultSort: [{ field: "name", direction: "asc" }],
  filters: { location: "id", business: "id", service: "id" },
  includable: EMPLOYEE_INCLUDES,
  relatedTypes: { media: mediaAttributes, services: serviceAttributes },
};

/** The staff of locations, with the services each actively performs. */
export const employeeRoutes = readOnlyRoutes({
  rules: employeeRules,
  noun: "employee",
  list: listEmployees,
  find: findEmployee,
  serialize: toEmployeeResource,
  loadIncludes: loadEmployeeIncludes,
});
