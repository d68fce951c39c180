/** What the sweep looks for, and where. Everything in it crosses into the page, so it is plain data. */
export interface LayoutCheck {
  /** The part of the page to look at ("header", "main", a dialog), and the name findings give it. */
  scopes: { selector: string; name: string }[];
  /** The page's language. */
  language: string;
  /** English texts of catalog keys whose text in the page's language is different: seen here, they are untranslated. */
  englishOnly: string[];
  /** On Cyrillic and Greek pages a Latin word is English left over, unless it is marked as a name. */
  latinIsForeign: boolean;
  /**
   * Latin words the page's language uses as they are: brand names inside sentences ("Termin", "Google"), file
   * formats, and loanwords its own catalog writes in Latin (Russian "файлы cookie", Greek "email").
   */
  latinWordsInUse: string[];
}

/**
 * Runs in the page: lists horizontal overflow, cut labels and visible text in another language than the page's. Text marked
 * translate="no" (names of places, people, services, the brand) or carrying its own lang is left out, as are
 * elements only screen readers get.
 */
export function findLayoutProblems(check: LayoutCheck): string[] {
  const findings: string[] = [];
  // The document, or the shell's row the page scrolls in (app/ui/page-scroller.ts).
  for (const scroller of [document.documentElement, document.getElementById("page-scroller")]) {
    if (scroller && scroller.scrollWidth > scroller.clientWidth) {
      findings.push(`the page scrolls sideways: ${scroller.scrollWidth} px wide in ${scroller.clientWidth} px`);
    }
  }
  const englishOnly = new Set(check.englishOnly);
  const inUse = new Set(check.latinWordsInUse);
  const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

  const hiddenFromEyes = (element: Element) => {
    if (element.closest(".visually-hidden, [aria-hidden='true']")) return true;
    return element.getClientRects().length === 0 || getComputedStyle(element).visibility === "hidden";
  };
  const exempt = (element: Element) => {
    const marked = element.closest("[translate='no'], [lang]");
    if (marked?.getAttribute("translate") === "no") return true;
    const lang = marked?.getAttribute("lang");
    return lang !== undefined && lang !== null && lang !== check.language;
  };
  const foreignWords = (text: string): string | null => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    if (trimmed.length < 2) return null;
    if (englishOnly.has(trimmed)) return trimmed;
    if (!check.latinIsForeign) return null;
    // Addresses, e-mail, version labels and cookie names (custom-tracking) are not words of a language, nor are
    // currency codes (TRY, MKD).
    const words = (trimmed.replace(/\S*[@/:._]\S*|\S+-\S+/g, " ").match(/\p{Script=Latin}{3,}/gu) ?? []).filter(
      (word) => !inUse.has(word) && !/^[A-Z]{3}$/.test(word),
    );
    return words.length > 0 ? words.join(" ") : null;
  };

  /** A placeholder longer than its field is cut by the browser without a mark. */
  const canvas = document.createElement("canvas").getContext("2d");
  const placeholderCut = (input: HTMLInputElement | HTMLTextAreaElement) => {
    if (!canvas || input.value !== "" || !input.placeholder) return false;
    const style = getComputedStyle(input);
    const text = getComputedStyle(input, "::placeholder");
    canvas.font = `${text.fontStyle} ${text.fontWeight} ${text.fontSize} ${text.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return canvas.measureText(input.placeholder).width > room + 1;
  };

  for (const scope of check.scopes) {
    for (const container of document.querySelectorAll(scope.selector)) {
      for (const element of [container, ...container.querySelectorAll("*")]) {
        if (!(element instanceof HTMLElement) || hiddenFromEyes(element)) continue;
        const ownText = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? "")
          .join("")
          .trim();
        const style = getComputedStyle(element);
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        if (ownText && !scrolls && style.display !== "inline" && element.scrollWidth > element.clientWidth + 1) {
          findings.push(
            `${scope.name}: "${short(ownText)}" is cut (${element.scrollWidth} px in ${element.clientWidth} px)`,
          );
        }
        if (
          (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
          placeholderCut(element)
        ) {
          findings.push(`${scope.name}: the placeholder "${short(element.placeholder)}" is cut`);
        }
        if (exempt(element)) continue;
        const foreign = [ownText, element.getAttribute("placeholder") ?? ""]
          .map(foreignWords)
          .filter((words): words is string => words !== null);
        for (const words of foreign) findings.push(`${scope.name}: "${short(words)}" is not in the page's language`);
      }
    }
  }
  return [...new Set(findings)];
}
