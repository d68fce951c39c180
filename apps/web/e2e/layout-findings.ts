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
 * Runs in the page: lists horizontal overflow, cut labels, time ranges broken over lines and visible text in another
 * language than the page's. Text marked
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

  // A time range ("10:00–11:00", "9:00 AM – 9:45 AM") read over two lines reads as two times: it stays on one.
  const timeRange = /\d{1,2}:\d{2}(?:[\s\u2060]+[AP]M)?[\s\u2060]*–[\s\u2060]*\d{1,2}:\d{2}(?:[\s\u2060]+[AP]M)?/g;
  const brokenTimeRanges = (container: Element): string[] => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || hiddenFromEyes(parent)) continue;
      for (const match of (node.textContent ?? "").matchAll(timeRange)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => box.bottom));
        if (lines.size > 1) broken.push(match[0].replace(/[\s\u2060]+/g, " "));
      }
    }
    return broken;
  };

  for (const scope of check.scopes) {
    for (const container of document.querySelectorAll(scope.selector)) {
      for (const range of brokenTimeRanges(container)) {
        findings.push(`${scope.name}: the time range "${range}" breaks over two lines`);
      }
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

/**
 * Runs in the page: lists text in the scopes that something else is drawn over (a banner, a bar), looked at in the
 * middle and near the corners of the part of each element its scrolling boxes and the window let show.
 */
export function findCoveredText(scopes: LayoutCheck["scopes"]): string[] {
  const findings: string[] = [];
  const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
  const nameOf = (element: Element) =>
    element.getAttribute("aria-label") ?? `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`;
  /** The element's box cut to what its clipping ancestors and the window show; null when nothing shows. */
  const shownBox = (element: Element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (let clip = element.parentElement; clip; clip = clip.parentElement) {
      const style = getComputedStyle(clip);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const box = clip.getBoundingClientRect();
      [left, top, right, bottom] = [
        Math.max(left, box.left),
        Math.max(top, box.top),
        Math.min(right, box.right),
        Math.min(bottom, box.bottom),
      ];
    }
    [left, top] = [Math.max(left, 0), Math.max(top, 0)];
    [right, bottom] = [Math.min(right, window.innerWidth), Math.min(bottom, window.innerHeight)];
    return right - left >= 4 && bottom - top >= 4 ? { left, top, right, bottom } : null;
  };
  for (const scope of scopes) {
    for (const container of document.querySelectorAll(scope.selector)) {
      for (const element of [container, ...container.querySelectorAll("*")]) {
        if (element.closest(".visually-hidden, [aria-hidden='true']")) continue;
        const ownText = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? "")
          .join("")
          .trim();
        const box = ownText ? shownBox(element) : null;
        if (!box || getComputedStyle(element).visibility === "hidden") continue;
        const points = [
          [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
          [box.left + 2, box.top + 2],
          [box.right - 2, box.top + 2],
          [box.left + 2, box.bottom - 2],
          [box.right - 2, box.bottom - 2],
        ] as const;
        for (const [x, y] of points) {
          const onTop = document.elementFromPoint(x, y);
          if (!onTop || element.contains(onTop) || onTop.contains(element)) continue;
          findings.push(
            `${scope.name}: "${short(ownText)}" is covered by ${nameOf(onTop.closest("[aria-label]") ?? onTop)}`,
          );
          break;
        }
      }
    }
  }
  return [...new Set(findings)];
}
