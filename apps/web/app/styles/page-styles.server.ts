// Vite hands each stylesheet over as its minified text (`?inline`), not as a file the page links to.
import app from "../app.css?inline";
import forms from "../ui/form/forms.css?inline";
import catalogue from "../catalogue/catalogue.css?inline";
import clientArea from "../client-area/client-area.css?inline";
import locationPage from "../catalogue/location-page/location-page.css?inline";
import embed from "../embed/embed.css?inline";

/**
 * The styles of the shell and of every marketplace page, in cascade order, written into each document's head
 * (decision 0030): a page paints as soon as its HTML has arrived, without waiting on a stylesheet request. Styles
 * only the client's area and booking use stay files their routes link to.
 */
export const PAGE_STYLES = [app, forms, catalogue, clientArea, locationPage, embed].join("\n");
