import type { BusinessResource } from "@termin/contracts/catalogue-resources";
import type { FormAnswerResource, FormResource } from "@termin/contracts/form-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { lookupOrNotFound } from "../api/lookup.ts";

/** A form sent to the signed-in client, as its page shows it. */
export interface ClientForm {
  id: string;
  name: string;
  deliveryType: FormResource["attributes"]["delivery_type"];
  status: FormResource["attributes"]["status"];
  sentAt: string;
  business: { name: string; slug: string } | null;
  fields: FormResource["attributes"]["fields"];
  answer: { values: FormAnswerResource["attributes"]["values"]; submittedAt: string } | null;
}

/** One of the client's forms with its business and answer; another client's (or no) form is the 404 page. */
export async function fetchClientForm(api: ApiClient, id: string): Promise<ClientForm> {
  const document = await lookupOrNotFound(
    api.get<SingleDocument<FormResource>>(`forms/${encodeURIComponent(id)}`, { include: "business,formAnswer" }),
    "id",
  );
  const form = document.data;
  const included = new Included(document.included);
  const business = included.one<BusinessResource>(form, "business", "businesses");
  const answer = included.one<FormAnswerResource>(form, "formAnswer", "form-answers");
  return {
    id: form.id,
    name: form.attributes.name,
    deliveryType: form.attributes.delivery_type,
    status: form.attributes.status,
    sentAt: form.attributes.sent_at,
    business: business ? { name: business.attributes.name, slug: business.attributes.slug } : null,
    fields: form.attributes.fields,
    answer: answer ? { values: answer.attributes.values, submittedAt: answer.attributes.submitted_at } : null,
  };
}
