import type { Relationship } from "@termin/contracts/jsonapi";

/** A to-one relationship; null when the row has no related id. */
export function toOne(type: string, id: number | string | null): Relationship {
  return { data: id === null ? null : { type, id: String(id) } };
}

/** A to-many relationship: the identifiers of every related resource. */
export function toMany(type: string, ids: ReadonlyArray<number | string>): Relationship {
  return { data: ids.map((id) => ({ type, id: String(id) })) };
}

/** The largest value of an integer column (PostgreSQL `integer`): a larger id names no row and would overflow. */
export const MAX_DATABASE_ID = 2_147_483_647;

/** A database id as a client writes it: digits only, no sign or leading zero, within the integer column. */
export function isDatabaseId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_DATABASE_ID;
}

/** A client-owned row's id (clients, forms): a UUID in its canonical form, any case. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The values of an id filter as numbers (the query parser has already refused values that are not ids). */
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
