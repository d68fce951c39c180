// Draws the installable app's PNG icons from public/favicon.svg into public/icons (committed; run again after the
// mark changes): `node apps/web/scripts/generate-pwa-icons.ts`. sharp comes with @termin/api.
import { readFile } from "node:fs/promises";
import sharp from "sharp";

const publicDir = new URL("../public/", import.meta.url);
const BRAND = "#0f5c4d";

const svg = await readFile(new URL("favicon.svg", publicDir));
const draw = (size: number) =>
  sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png();

await draw(192).toFile(new URL("icons/icon-192.png", publicDir).pathname);
await draw(512).toFile(new URL("icons/icon-512.png", publicDir).pathname);
// Maskable: the launcher crops to a circle or squircle inside the central 80%, so the mark sits at 60% on a full
// square of the brand colour.
const mark = await draw(308).toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: mark, gravity: "center" }])
  .png()
  .toFile(new URL("icons/maskable-512.png", publicDir).pathname);
