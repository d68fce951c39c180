import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import type { CollectionDocument, ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { AppointmentStatusResource } from "@termin/contracts/resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

type Statuses = CollectionDocument<AppointmentStatusResource>;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`);
const list = async (path: string) => readJson<Statuses>(await get(path));

describe("GET /v1c/appointment-statuses", () => {
  it("lists the six statuses in order as a JSON:API collection", async () => {
    const response = await get("/v1c/appointment-statuses");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/vnd\.api\+json/);
    const body = await readJson<Statuses>(response);
    expect(body.jsonapi).toEqual({ version: "1.1" });
    expect(body.data.map((s) => s.attributes.name)).toEqual([
      "new",
      "confirmed",
      "completed",
      "cancelled",
      "no-show",
      "pendingPayment",
    ]);
    expect(body.data[0]).toEqual({
      type: "appointment-statuses",
      id: "1",
      attributes: { name: "new", order_index: 1 },
      links: { self: "/v1c/appointment-statuses/1" },
    });
    expect(body.meta).toEqual({ total: 6, pageNumber: 1, pageSize: 20, pageCount: 1 });
  });

  it("keeps the documented fixed ids for new, completed and pendingPayment", async () => {
    const body = await list("/v1c/appointment-statuses");
    const idOf = (name: string) => body.data.find((s) => s.attributes.name === name)?.id;
    expect(idOf("new")).toBe(String(APPOINTMENT_STATUS.new));
    expect(idOf("completed")).toBe(String(APPOINTMENT_STATUS.completed));
    expect(idOf("pendingPayment")).toBe(String(APPOINTMENT_STATUS.pendingPayment));
  });

  it("pages with page[number] and page[size] and links to the neighbours", async () => {
    const body = await list("/v1c/appointment-statuses?page[number]=2&page[size]=4");
    expect(body.data.map((s) => s.id)).toEqual(["5", "6"]);
    expect(body.meta).toEqual({ total: 6, pageNumber: 2, pageSize: 4, pageCount: 2 });
    expect(body.links.prev).toContain("page%5Bnumber%5D=1");
    expect(body.links.next).toBeNull();
  });

  it("sorts, filters and returns sparse fieldsets", async () => {
    const sorted = await list("/v1c/appointment-statuses?sort=-name&fields[appointment-statuses]=name");
    expect(sorted.data[0]?.attributes).toEqual({ name: "pendingPayment" });
    const filtered = await list("/v1c/appointment-statuses?filter[name]=new,completed");
    expect(filtered.data.map((s) => s.id)).toEqual(["1", "3"]);
    expect(filtered.meta.total).toBe(2);
  });

  it.each([
    ["page[size]=0", "page[size]"],
    ["page[size]=101", "page[size]"],
    ["page[number]=abc", "page[number]"],
    ["sort=colour", "sort"],
    ["filter[colour]=red", "filter[colour]"],
    ["fields[appointment-statuses]=colour", "fields[appointment-statuses]"],
    ["include=appointments", "include"],
    ["unknown=1", "unknown"],
  ])("answers 400 with a pointer to the bad parameter for ?%s", async (query, parameter) => {
    const response = await get(`/v1c/appointment-statuses?${query}`);
    expect(response.status).toBe(400);
    const body = await readJson<ErrorDocument>(response);
    expect(body.errors[0]).toMatchObject({ status: "400", code: "invalid_parameter", source: { parameter } });
    expect(body.errors[0]?.detail).toEqual(expect.any(String));
  });
});

describe("GET /v1c/appointment-statuses/:id", () => {
  it("returns one status", async () => {
    const body = await readJson<SingleDocument<AppointmentStatusResource>>(await get("/v1c/appointment-statuses/6"));
    expect(body.data.attributes).toEqual({ name: "pendingPayment", order_index: 6 });
    expect(body.links.self).toBe("/v1c/appointment-statuses/6");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999", "abc", "1.5"]) {
      const response = await get(`/v1c/appointment-statuses/${id}`);
      expect(response.status).toBe(404);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("not_found");
    }
  });

  it("refuses list-only parameters on a single resource", async () => {
    const response = await get("/v1c/appointment-statuses/1?page[size]=2");
    expect(response.status).toBe(400);
  });
});

describe("paging past the end", () => {
  it("returns no rows but still the total", async () => {
    const body = await readJson<Statuses>(
      await fetch(`${api.baseUrl}/v1c/appointment-statuses?page[number]=9&page[size]=5`),
    );
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({ total: 6, pageNumber: 9, pageSize: 5, pageCount: 2 });
  });
});
