import type en from "./en.ts";

type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type Base<K> = K extends `${infer Name}_${PluralForm}` ? Name : K;
type Plain = Exclude<keyof typeof en, `${string}_${PluralForm}`>;

/**
 * A language's catalog: every plain message of the English one, and plural ones in the forms that language has
 * (ru: _one, _few, _many, _other); the compiler holds the plain keys, catalogs.test.ts the plural forms and the
 * placeholders.
 */
export type Catalog = Record<Plain, string> &
  Partial<Record<`${Base<Exclude<keyof typeof en, Plain>>}_${PluralForm}`, string>>;
