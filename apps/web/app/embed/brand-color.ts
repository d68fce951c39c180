/** WCAG 2's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast of white text on `hex` (1 to 21). */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/**
 * The business's colour when buttons in it keep white text readable (WCAG AA, 4.5:1), else null: the product's own
 * colour stays, rather than a page that fails its readers.
 */
export function readableBrandColor(color: string | null | undefined): string | null {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  return contrastWithWhite(color) >= 4.5 ? color : null;
}
