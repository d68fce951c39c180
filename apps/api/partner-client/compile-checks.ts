import { apiClient } from "./booking-flow.ts";

// Never run: compiled with the client (tsc --noEmit), each @ts-expect-error fails the compilation when the
// generated types stop catching the mistake under it.

export async function mistakesTheCompilerCatches(baseUrl: string): Promise<void> {
  const api = apiClient(baseUrl);
  // A required filter left out: available-slots needs filter[location_id].
  // @ts-expect-error filter[location_id] is required
  await api.GET("/v1c/available-slots", { params: { query: { "filter[service_price_id]": "240" } } });
  // An include name the operation does not have (relationship names are camelCase).
  // @ts-expect-error "service_prices" is not among services' include names
  await api.GET("/v1c/services", { params: { query: { include: ["service_prices"] } } });
  // A value outside an enum.
  // @ts-expect-error filter[when] is upcoming or past
  await api.GET("/v1c/appointment-clients", { params: { query: { "filter[when]": "tomorrow" } } });
  // A sort field the list does not sort by.
  // @ts-expect-error locations sort by rating, name or review_count
  await api.GET("/v1c/locations", { params: { query: { sort: ["price"] } } });
  // A status a client cannot set: a cancel sets cancelled (4).
  await api.PATCH("/v1c/appointment-clients/{id}", {
    params: { path: { id: "1" } },
    body: {
      data: {
        type: "appointment-clients",
        id: "1",
        // @ts-expect-error only appointment-statuses 4
        relationships: { status: { data: { type: "appointment-statuses", id: "2" } } },
      },
    },
  });
}
