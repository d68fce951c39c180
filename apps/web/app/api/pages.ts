import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { PageResource } from "@termin/contracts/resources";
import type { ContentPageId } from "@termin/domain/content-pages";
import type { ApiClient } from "./client.ts";

/** A content page in the client's language (spec section 2: fetched by page id). */
export async function getContentPage(client: ApiClient, id: ContentPageId): Promise<PageResource> {
  const document = await client.get<SingleDocument<PageResource>>(`pages/${id}`);
  return document.data;
}
