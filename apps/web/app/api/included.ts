import type { ResourceIdentifier, ResourceObject } from "@termin/contracts/jsonapi";

/** Finds, among a document's `included` resources, the ones a resource's relationships point to. */
export class Included {
  readonly #byKey = new Map<string, ResourceObject>();

  constructor(included: readonly ResourceObject[] = []) {
    for (const resource of included) this.#byKey.set(`${resource.type}:${resource.id}`, resource);
  }

  #find<T extends ResourceObject>(identifier: ResourceIdentifier, type: T["type"]): T | undefined {
    if (identifier.type !== type) return undefined;
    // The type check above makes the lookup safe: resources of that type have T's shape (the API's contract).
    return this.#byKey.get(`${identifier.type}:${identifier.id}`) as T | undefined;
  }

  /** The resource a to-one relationship points to, when it was included. */
  one<T extends ResourceObject>(resource: ResourceObject, relationship: string, type: T["type"]): T | undefined {
    const data = resource.relationships?.[relationship]?.data;
    if (!data || Array.isArray(data)) return undefined;
    return this.#find<T>(data, type);
  }

  /** The included resources a to-many relationship points to, in the relationship's order. */
  many<T extends ResourceObject>(resource: ResourceObject, relationship: string, type: T["type"]): T[] {
    const data = resource.relationships?.[relationship]?.data;
    if (!Array.isArray(data)) return [];
    return data.map((identifier) => this.#find<T>(identifier, type)).filter((found) => found !== undefined);
  }
}
