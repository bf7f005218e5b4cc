/**
 * Draws Starport's mark (a white "S" on an indigo rounded square) in Chromium at the usual icon
 * sizes and packs the PNGs into public/favicon.ico. Run once when the mark changes:
 *   node apps/web/scripts/generate-favicon.ts
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";

const SIZES = [16, 32, 48];
const INDIGO = "#4263eb"; // Mantine indigo.7, the primary colour of the light theme

function markHtml(size: number): string {
  return `<body style="margin:0;background:transparent">
    <div style="width:${size}px;height:${size}px;border-radius:${size * 0.22}px;background:${INDIGO};
      color:#fff;display:flex;align-items:center;justify-content:center;
      font:800 ${size * 0.78}px/1 'DejaVu Sans',Arial,sans-serif">S</div></body>`;
}

/** ICO container with PNG images (supported by every current browser). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const images: { size: number; png: Buffer }[] = [];
for (const size of SIZES) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(markHtml(size));
  images.push({ size, png: await page.screenshot({ omitBackground: true }) });
  await page.close();
}
await browser.close();
const target = resolve(import.meta.dirname, "../public/favicon.ico");
writeFileSync(target, ico(images));
console.log(`wrote ${target}`);
