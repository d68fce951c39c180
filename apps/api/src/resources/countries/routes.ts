import type { FastifyPluginAsync } from "fastify";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { CountryResource } from "@termin/contracts/client-resources";
import { isCountryCode } from "@termin/domain/phone-countries";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { AppError } from "../../http/app-error.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, singleDocument, unpagedCollectionDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { countryAttributes, listCountries, toCountryResource } from "./country-resources.ts";

const TYPE = "countries";

const countryRules: CollectionRules<never, never> = {
  type: TYPE,
  attributes: countryAttributes,
  sortable: [],
  defaultSort: [],
  filters: {},
};

/**
 * GET /v1c/countries: every country, with its calling code, named in the request language and sorted by that
 * name (a country picker shows them all, so the list is one unpaged document). GET /v1c/countries/BG: one.
 */
export const countryRoutes: FastifyPluginAsync<ApiDependencies> = async (app) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const query = parseCollectionQuery(request.query as Record<string, string>, countryRules);
    if (Object.keys(request.query as object).some((parameter) => parameter.startsWith("page["))) {
      throw new AppError("invalid_parameter", "The list of countries is not paged.", { parameter: "page" });
    }
    const data = listCountries(requestLanguage(request, reply)).map((country) =>
      applySparseFields(country, query.fields[TYPE]),
    );
    const url = new URL(request.url, "http://api");
    return reply.header("cache-control", "public, max-age=86400").send(unpagedCollectionDocument(url, data));
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request, reply) => {
    const query = parseResourceQuery(request.query as Record<string, string>, countryRules);
    const { id } = request.params;
    if (!isCountryCode(id)) throw new AppError("not_found", `No country has the code ${id}.`);
    const document: SingleDocument<CountryResource> = singleDocument({
      url: new URL(request.url, "http://api"),
      data: applySparseFields(toCountryResource(id, requestLanguage(request, reply)), query.fields[TYPE]),
    });
    return document;
  });
};
