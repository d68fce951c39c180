import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { formatAmount, renderPayPage } from "./pay-page.ts";
import { PAY_PAGE_TEXTS } from "./pay-page-texts.ts";

describe("the payment pages", () => {
  it("show amounts held in minor units in the currency's own way, by Intl", () => {
    expect(formatAmount(1200, "EUR", "en")).toBe("€12.00");
    expect(formatAmount(1200, "EUR", "de").replace(/\s/g, " ")).toBe("12,00 €");
    expect(formatAmount(1200, "JPY", "en")).toBe("¥1,200");
  });

  it("say what they say in every language, the Pay button naming the amount", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const texts = PAY_PAGE_TEXTS[language];
      expect(Object.values(texts).every((text) => text.trim().length > 0)).toBe(true);
      expect(texts.pay).toContain("{amount}");
      expect(texts.paidText).toContain("{amount}");
    }
    expect(PAY_PAGE_TEXTS.en.pay.startsWith("Pay ")).toBe(true);
  });

  it("escape what they show and keep a business's own words from translators", () => {
    const html = renderPayPage({
      language: "fr",
      heading: (t) => t.title,
      paragraphs: () => [{ text: `<script>alert("x")</script>`, ownWords: true }],
      action: { kind: "form", action: "/pay/demo/a?lang=fr", label: "Payer" },
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).not.toContain("<script>");
    expect(html).toContain('<p translate="no">&#60;script&#62;');
    expect(html).toContain('<form method="post" action="/pay/demo/a?lang=fr">');
  });
});
