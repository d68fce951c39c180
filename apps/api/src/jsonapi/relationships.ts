import type { Relationship } from "@termin/contracts/jsonapi";

/** A to-one relationship; null when the row has no related id. */
export function toOne(type: string, id: number | string | null): Relationship {
  return { data: id === null ? null : { type, id: String(id) } };
}

/** A to-many relationship: the identifiers of every related resource. */
export function toMany(type: string, ids: ReadonlyArray<number | string>): Relationship {
  return { data: ids.map((id) => ({ type, id: String(id) })) };
}

/** Database ids in a URL: whole numbers within integer range; anything else names no row. */
export function isDatabaseId(value: string): boolean {
  return /^\d{1,9}$/.test(value);
}

/** The values of an id filter that can name a row (others simply match nothing). */
export function databaseIds(values: readonly string[]): number[] {
  return values.filter(isDatabaseId).map(Number);
}

/** Groups rows by a key, keeping their order: the to-many linkage of a page loaded in one query. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
