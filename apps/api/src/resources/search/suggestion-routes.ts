import type { FastifyPluginAsync } from "fastify";
import type { SearchSuggestionResource } from "@termin/contracts/search-resources";
import { AppError } from "../../http/app-error.ts";
import { applySparseFields, unpagedCollectionDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { readContextOf } from "../../sites/read-context.ts";
import { queryWords } from "./search-parameters.ts";
import { suggestSearch, type Suggestion } from "./suggest-search.ts";

const TYPE = "search-suggestions";

const suggestionRules: CollectionRules<never, "q"> = {
  type: TYPE,
  attributes: ["kind", "name", "slug", "detail"],
  sortable: [],
  defaultSort: [],
  filters: { q: "text" },
};

const SUBJECT_TYPE = { marketplace_service: "marketplace-services", city: "cities", location: "locations" } as const;

function toSuggestionResource(suggestion: Suggestion): SearchSuggestionResource {
  const { id, kind, name, slug, detail } = suggestion;
  return {
    type: TYPE,
    id: `${kind}-${id}`,
    attributes: { kind, name, slug, detail },
    relationships: { subject: { data: { type: SUBJECT_TYPE[kind], id: String(id) } } },
  };
}

/** GET /v1c/search-suggestions?filter[q]=...: a few typed suggestions for the search box, best first. */
export const suggestionRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const raw = request.query as Record<string, string>;
    const query = parseCollectionQuery(raw, suggestionRules);
    if (Object.keys(raw).some((parameter) => parameter.startsWith("page[")))
      throw new AppError("invalid_parameter", "Suggestions are a short list, not paged.", { parameter: "page" });
    if (query.filter.q === undefined)
      throw new AppError("invalid_parameter", "Give the typed text as filter[q].", { parameter: "filter[q]" });
    const context = readContextOf(request, reply, database.db);
    // One letter matches everything: the box waits for a second one.
    const words = queryWords(query.filter.q.join(" "));
    const suggestions = words.length > 0 ? await suggestSearch(context, words) : [];
    const data = suggestions.map((s) => applySparseFields(toSuggestionResource(s), query.fields[TYPE]));
    return unpagedCollectionDocument(url, data);
  });
};
