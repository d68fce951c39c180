import type { EmployeeResource } from "@termin/contracts/offer-resources";
import { toMany, toOne } from "../../jsonapi/relationships.ts";
import type { EmployeeRow } from "./select-employees.ts";

export const employeeAttributes = ["first_name", "last_name", "title"] as const;

export function toEmployeeResource(row: EmployeeRow): EmployeeResource {
  return {
    type: "employees",
    id: String(row.id),
    attributes: { first_name: row.firstName, last_name: row.lastName, title: row.title },
    relationships: {
      location: toOne("locations", row.locationId),
      avatar: toOne("media", row.avatarMediaId),
      services: toMany("services", row.serviceIds),
    },
    links: { self: `/v1c/employees/${row.id}` },
  };
}
