/**
 * React Router announces each of the page's ~30 modules with `<link rel="modulepreload">`, which browsers fetch at
 * high priority: on a slow network they share the line with the page's first pictures, and the largest picture
 * paints after some 110 KB of framework it does not need. The page is whole HTML with its styles inline
 * (decision 0030), so its scripts only hydrate it: they are fetched at low priority, after what the visitor sees.
 * React Router's `<Scripts>` takes no attributes for these links, hence this rewrite of its markup (ASCII, so the
 * bytes are searched as they are).
 */
const PRELOAD = Buffer.from('<link rel="modulepreload"', "latin1");
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"', "latin1");

/** The page with every module preload at low fetch priority; the same bytes when it has none. */
export function lowPriorityScriptPreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [];
  let copiedUpTo = 0;
  for (let at = html.indexOf(PRELOAD); at !== -1; at = html.indexOf(PRELOAD, at + PRELOAD.length)) {
    parts.push(html.subarray(copiedUpTo, at), LOW_PRIORITY_PRELOAD);
    copiedUpTo = at + PRELOAD.length;
  }
  if (copiedUpTo === 0) return html;
  parts.push(html.subarray(copiedUpTo));
  return Buffer.concat(parts);
}
