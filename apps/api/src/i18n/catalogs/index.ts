import type { Language } from "@termin/domain/languages";
import bg from "./bg.ts";
import de from "./de.ts";
import el from "./el.ts";
import en from "./en.ts";
import es from "./es.ts";
import fr from "./fr.ts";
import it from "./it.ts";
import mk from "./mk.ts";
import ro from "./ro.ts";
import ru from "./ru.ts";
import tr from "./tr.ts";

/** The API's messages in each supported language, looked up by key (plural ones as key_one, key_few...). */
export const CATALOGS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  bg,
  de,
  el,
  en,
  es,
  fr,
  it,
  mk,
  ro,
  ru,
  tr,
};
