import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { MediaResource } from "@termin/contracts/catalogue-resources";
import type { EmployeeResource, ServiceEmployeeResource } from "@termin/contracts/offer-resources";
import { employees, serviceEmployees } from "@termin/db/catalogue-schema";
import { apiRequests, idOf, ids, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
});
afterAll(() => api.close());

const { get, read, expect400 } = apiRequests(() => api);

describe("GET /v1c/employees", () => {
  it("lists a location's staff by last then first name, each linked to the services they actively perform", async () => {
    const body = await read<CollectionDocument<EmployeeResource>>("/v1c/employees?filter[location]=1");
    expect(body.data.length).toBeGreaterThan(1);
    const names = body.data.map((e) => [e.attributes.last_name, e.attributes.first_name].join("\u0000"));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const employee of body.data) {
      expect(idOf(employee.relationships?.location)).toBe("1");
      const active = await api.database.db
        .select({ serviceId: serviceEmployees.serviceId })
        .from(serviceEmployees)
        .where(and(eq(serviceEmployees.employeeId, Number(employee.id)), eq(serviceEmployees.active, true)))
        .orderBy(serviceEmployees.serviceId);
      expect(ids(employee.relationships?.services)).toEqual(active.map((row) => String(row.serviceId)));
    }
  });

  it("filters by service: the people actively performing it", async () => {
    const body = await read<CollectionDocument<EmployeeResource>>(
      "/v1c/employees?filter[service]=1&filter[business]=1",
    );
    expect(body.data.length).toBeGreaterThan(0);
    for (const employee of body.data) expect(ids(employee.relationships?.services)).toContain("1");
    const [inactive] = await api.database.db
      .select({ serviceId: serviceEmployees.serviceId, employeeId: serviceEmployees.employeeId })
      .from(serviceEmployees)
      .where(eq(serviceEmployees.active, false))
      .limit(1);
    const withInactive = await read<CollectionDocument<EmployeeResource>>(
      `/v1c/employees?filter[service]=${inactive?.serviceId}&page[size]=100`,
    );
    expect(withInactive.data.map((e) => e.id)).not.toContain(String(inactive?.employeeId));
  });

  it("includes avatars and services with one query each, whatever the page size (no N+1)", async () => {
    const count = async (size: number) => {
      queries = [];
      const body = await read<CollectionDocument<EmployeeResource>>(
        `/v1c/employees?include=avatar,services&page[size]=${size}`,
      );
      const avatars = ofType<MediaResource>(body.included, "media");
      expect(avatars.length).toBe(size);
      expect(avatars[0]?.attributes).toMatchObject({ kind: "image", video_url: null });
      expect(ofType(body.included, "services").length).toBeGreaterThan(0);
      return queries.length;
    };
    expect(await count(2)).toBe(3);
    expect(await count(60)).toBe(3);
  });

  it("answers one employee, 404 for unknown ids and 400 for what the list does not know", async () => {
    const [row] = await api.database.db.select().from(employees).where(eq(employees.id, 5));
    const one = await read<SingleDocument<EmployeeResource>>("/v1c/employees/5?include=avatar");
    expect(one.data.attributes).toEqual({ first_name: row?.firstName, last_name: row?.lastName, title: row?.title });
    expect(one.included?.[0]?.id).toBe(String(row?.avatarMediaId));
    expect((await get("/v1c/employees/99999")).status).toBe(404);
    await expect400([
      "/v1c/employees?filter[rating]=5",
      "/v1c/employees?sort=title",
      "/v1c/employees?include=location",
    ]);
  });
});

describe("GET /v1c/service-employees", () => {
  it("filters by service and by employee", async () => {
    const byService = await read<CollectionDocument<ServiceEmployeeResource>>(
      "/v1c/service-employees?filter[service]=1&include=employee,service",
    );
    expect(byService.data.length).toBeGreaterThan(0);
    for (const row of byService.data) {
      expect(idOf(row.relationships?.service)).toBe("1");
      expect(typeof row.attributes.active).toBe("boolean");
    }
    expect(ofType(byService.included, "services").map((s) => s.id)).toEqual(["1"]);
    const employeeId = idOf(byService.data[0]?.relationships?.employee);
    const byEmployee = await read<CollectionDocument<ServiceEmployeeResource>>(
      `/v1c/service-employees?filter[employee]=${employeeId}`,
    );
    for (const row of byEmployee.data) expect(idOf(row.relationships?.employee)).toBe(employeeId);
  });

  it("answers one row or 404", async () => {
    const one = await read<SingleDocument<ServiceEmployeeResource>>("/v1c/service-employees/1");
    expect(Object.keys(one.data.attributes)).toEqual(["active"]);
    expect((await get("/v1c/service-employees/99999999")).status).toBe(404);
    await expect400(["/v1c/service-employees?filter[active]=true", "/v1c/service-employees?sort=active"]);
  });
});

describe("the business's private commission terms", () => {
  it("appear in no list or resource of the offer, with every include", async () => {
    const [withCommission] = await api.database.db
      .select({ id: serviceEmployees.id })
      .from(serviceEmployees)
      .where(eq(serviceEmployees.commissionType, "percent"))
      .limit(1);
    expect(withCommission).toBeDefined();
    for (const path of [
      "/v1c/service-categories",
      "/v1c/services?include=servicePrices,serviceCategory,marketplaceService,employees",
      "/v1c/service-prices",
      "/v1c/employees?include=avatar,services",
      "/v1c/service-employees?include=employee,service&page[size]=100",
      `/v1c/service-employees/${withCommission?.id}?include=employee,service`,
      "/v1c/reviews?filter[location]=1&include=reviewItems,employee",
      "/v1c/review-items",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toMatch(/commission/i);
    }
  });
});
