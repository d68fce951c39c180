// Latin transliteration for URL slugs of names in Cyrillic (bg, mk, ru) and Greek.
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ѓ: "gj",
  е: "e",
  ё: "yo",
  ж: "zh",
  з: "z",
  ѕ: "dz",
  и: "i",
  й: "y",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ќ: "kj",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  џ: "dzh",
  ш: "sh",
  щ: "sht",
  ъ: "a",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};
const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};
const OTHER: Record<string, string> = { ı: "i", ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d" };

/** "Салон Красота – Лозенец" -> "salon-krasota-lozenets"; "Çiçek Güzellik" -> "cicek-guzellik". */
export function slugify(text: string): string {
  const transliterate = (value: string) =>
    [...value].map((char) => CYRILLIC[char] ?? GREEK[char] ?? OTHER[char] ?? char).join("");
  // Before decomposing (ѓ and ќ are letters of their own) and after (ά is α with an accent).
  const stripped = transliterate(text.toLowerCase())
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  return transliterate(stripped)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}
