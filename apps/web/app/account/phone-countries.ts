import type { CountryResource } from "@termin/contracts/client-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import type { PhoneCountryOption } from "./PhoneFields.tsx";

/** Countries with their calling codes, named in the page's language and sorted by the API. */
export async function loadPhoneCountries(api: ApiClient): Promise<PhoneCountryOption[]> {
  const document = await api.get<CollectionDocument<CountryResource & { attributes: { name: string } }>>("countries");
  return document.data.map((country) => ({
    code: country.id,
    name: country.attributes.name,
    phoneCode: country.attributes.phone_code,
  }));
}
