import type { Random } from "./random.ts";

/**
 * Demo pictures are drawn as small SVGs (no downloads): soft gradients and shapes that suggest
 * the service, in a palette per category. The image endpoint rasterises them at the size asked.
 */

export interface DrawnImage {
  width: number;
  height: number;
  svg: string;
}

const HUE_BY_CATEGORY: Record<string, number> = {
  hair: 18,
  barber: 210,
  nails: 340,
  face: 30,
  "brows-lashes": 280,
  makeup: 350,
  "hair-removal": 45,
  massage: 160,
  body: 120,
  fitness: 195,
};

export function hueFor(category: string): number {
  return HUE_BY_CATEGORY[category] ?? 170;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

function gradient(id: string, hue: number, random: Random): string {
  const shift = random.int(-12, 12);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue + shift} 55% 82%)"/><stop offset="1" stop-color="hsl(${hue + shift + 25} 45% 58%)"/></linearGradient>`;
}

/** Shapes that hint at the kind of work, drawn into a width x height box. */
function motif(category: string, width: number, height: number, hue: number, random: Random): string {
  const fill = (lightness: number, alpha = 0.55) => `hsl(${hue} 40% ${lightness}% / ${alpha})`;
  const parts: string[] = [];
  if (category === "nails") {
    for (let finger = 0; finger < 5; finger++) {
      const x = width * (0.18 + finger * 0.16);
      const h = height * (0.22 + random.next() * 0.12);
      parts.push(
        `<rect x="${x.toFixed(0)}" y="${(height * 0.55 - h / 2).toFixed(0)}" width="${(width * 0.1).toFixed(0)}" height="${h.toFixed(0)}" rx="${(width * 0.05).toFixed(0)}" fill="${fill(40 + finger * 6, 0.8)}"/>`,
      );
    }
  } else if (category === "hair" || category === "barber" || category === "makeup" || category === "brows-lashes") {
    for (let strand = 0; strand < 7; strand++) {
      const y = height * (0.2 + strand * 0.09);
      const bend = height * (0.1 + random.next() * 0.15);
      parts.push(
        `<path d="M0 ${y.toFixed(0)} C ${width * 0.3} ${(y - bend).toFixed(0)}, ${width * 0.6} ${(y + bend).toFixed(0)}, ${width} ${(y - bend / 2).toFixed(0)}" stroke="${fill(30 + strand * 5, 0.6)}" stroke-width="${(height * 0.035).toFixed(0)}" fill="none" stroke-linecap="round"/>`,
      );
    }
  } else if (category === "fitness") {
    for (let bar = 0; bar < 4; bar++) {
      const x = width * (0.15 + bar * 0.2);
      const h = height * (0.25 + random.next() * 0.4);
      parts.push(
        `<rect x="${x.toFixed(0)}" y="${(height * 0.85 - h).toFixed(0)}" width="${(width * 0.12).toFixed(0)}" height="${h.toFixed(0)}" rx="8" fill="${fill(35 + bar * 7, 0.7)}"/>`,
      );
    }
  } else {
    for (let stone = 0; stone < 5; stone++) {
      const r = Math.min(width, height) * (0.08 + random.next() * 0.1);
      parts.push(
        `<ellipse cx="${(width * (0.2 + random.next() * 0.6)).toFixed(0)}" cy="${(height * (0.25 + random.next() * 0.55)).toFixed(0)}" rx="${(r * 1.3).toFixed(0)}" ry="${r.toFixed(0)}" fill="${fill(30 + stone * 8, 0.6)}"/>`,
      );
    }
  }
  return parts.join("");
}

export function drawPhoto(options: { category: string; width: number; height: number; random: Random }): DrawnImage {
  const { category, width, height, random } = options;
  const hue = hueFor(category);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs>${gradient("g", hue, random)}</defs><rect width="${width}" height="${height}" fill="url(#g)"/>` +
    motif(category, width, height, hue, random) +
    `</svg>`;
  return { width, height, svg };
}

/** A round monogram, for staff avatars and business logos. */
export function drawMonogram(options: { initials: string; hue: number; size?: number }): DrawnImage {
  const size = options.size ?? 256;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="hsl(${options.hue} 45% 40%)"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="${size * 0.4}" font-weight="700" fill="#fff">${escapeXml(options.initials)}</text>` +
    `</svg>`;
  return { width: size, height: size, svg };
}
