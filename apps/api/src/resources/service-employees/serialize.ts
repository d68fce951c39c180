import type { ServiceEmployeeResource } from "@termin/contracts/offer-resources";
import { toOne } from "../../jsonapi/relationships.ts";

/** Only the public columns: commission_value and commission_type are the business's private terms. */
export interface ServiceEmployeeRow {
  id: number;
  serviceId: number;
  employeeId: number;
  active: boolean;
}

export const serviceEmployeeAttributes = ["active"] as const;

export function toServiceEmployeeResource(row: ServiceEmployeeRow): ServiceEmployeeResource {
  return {
    type: "service-employees",
    id: String(row.id),
    attributes: { active: row.active },
    relationships: { employee: toOne("employees", row.employeeId), service: toOne("services", row.serviceId) },
    links: { self: `/v1c/service-employees/${row.id}` },
  };
}
