import { createContext, useContext } from "react";

/** The id of the document's inlined style element, where entry.client reads the styles back. */
export const PAGE_STYLES_ID = "page-styles";

/**
 * The inlined styles' text: from entry.server (styles/page-styles.server.ts), and in the browser from the document
 * being hydrated, so the browser's bundle never carries a second copy and hydration finds the same element.
 */
export const PageStylesContext = createContext("");

/** The inlined styles, where the head's stylesheet links would otherwise start. */
export function PageStyles() {
  const css = useContext(PageStylesContext);
  return <style id={PAGE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
