/**
 * The marketplace's pages: what they show is the same for every signed-in client once the client's own parts
 * (name, unread count, saved places, liked pictures) are left to the browser (decision 0031), so one page made for
 * signed-in clients may be kept and served to them all. With `.data`, React Router's data for the same pages.
 */
const PUBLIC_PAGE =
  /^\/[a-z]{2}\/(?:home|search|services|locations|classes|memberships|download-application|(?:location|business|pages)\/[^/]+|inspiration(?:\/view)?(?:\/[^/]+)?)(?:\.data)?$/;

/** Whether the page at `pathname` is a marketplace page (see above); the client's area and accounts are not. */
export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGE.test(pathname);
}

/**
 * Set by the web server on the request a page for signed-in clients is made from (without the session it came
 * with), and removed from every request a visitor sends: the page then says "signed in" and shows nobody's data.
 */
export const SIGNED_IN_PAGE_HEADER = "x-termin-signed-in-page";
