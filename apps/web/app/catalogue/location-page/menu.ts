import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { ServiceCategoryResource, ServicePriceResource, ServiceResource } from "@termin/contracts/offer-resources";
import { Included } from "../../api/included.ts";

export interface MenuService {
  id: string;
  name: string;
  description: string;
  currency: string;
  priceFrom: number | null;
  priceTo: number | null;
  duration: number | null;
  /** Named variants ("Long hair"), when a service has more than one price. */
  variants: Array<{ name: string; price: number; duration: number }>;
}

export interface MenuCategory {
  id: string;
  /** The business's address for the category (embed/location-services/{place}/{slug}). */
  slug: string;
  name: string;
  services: MenuService[];
}

/** A location's services grouped by the business's own categories, in the API's menu order. */
export function menuOf(services: CollectionDocument<ServiceResource>): MenuCategory[] {
  const included = new Included(services.included);
  const menu: MenuCategory[] = [];
  for (const service of services.data) {
    const category = included.one<ServiceCategoryResource>(service, "serviceCategory", "service-categories");
    const id = category?.id ?? "";
    let group = menu.find((entry) => entry.id === id);
    if (!group) {
      group = { id, slug: category?.attributes.slug ?? "", name: category?.attributes.name ?? "", services: [] };
      menu.push(group);
    }
    const prices = included.many<ServicePriceResource>(service, "servicePrices", "service-prices");
    const { name, description, currency, price_minor_from, price_minor_to, duration_minutes_from } = service.attributes;
    group.services.push({
      id: service.id,
      name,
      description,
      currency,
      priceFrom: price_minor_from,
      priceTo: price_minor_to,
      duration: duration_minutes_from,
      variants:
        prices.length > 1
          ? prices.map(({ attributes: a }) => ({
              name: a.name ?? "",
              price: a.price_minor,
              duration: a.duration_minutes,
            }))
          : [],
    });
  }
  return menu;
}
