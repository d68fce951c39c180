import { describe, expect, it } from "vitest";
import { slugify } from "./slugify.ts";

describe("slugify", () => {
  it.each([
    ["Салон Красота – Лозенец", "salon-krasota-lozenets"],
    ["Ѓорѓи Њушка Ќерка", "gjorgji-njushka-kjerka"],
    ["Ομορφιά & Στυλ Κολωνάκι", "omorfia-styl-kolonaki"],
    ["Çiçek Güzellik Salonu Kadıköy", "cicek-guzellik-salonu-kadikoy"],
    ["Friseur Straße Müller", "friseur-strasse-muller"],
    ["Salon Frumusețe Ștefan", "salon-frumusete-stefan"],
    ["Щастие Юнона", "shtastie-yunona"],
  ])("%s -> %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
