/**
 * Renders the installed app's icons (src/web/public/icons) from the page icon's drawing (src/web/public/favicon.svg):
 *
 *   npx tsx scripts/generate-app-icons.ts
 *
 * "any" icons are the favicon as it is; the maskable icon fills the whole square with the brand colour and keeps
 * the shop front inside the central safe circle, since launchers crop it to their own shape. The PNGs are
 * committed; rerun only when the favicon changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const PUBLIC_DIR = new URL('../src/web/public/', import.meta.url);

/** The favicon's drawing without its rounded square, to place on a full-bleed background. */
function shopFront(svg: string): string {
  return svg
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect[^>]*\/>/, '');
}

async function png(svg: string, size: number, file: string): Promise<void> {
  const body = await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(new URL(`icons/${file}`, PUBLIC_DIR), body);
}

async function main(): Promise<void> {
  const favicon = await readFile(new URL('favicon.svg', PUBLIC_DIR), 'utf8');
  const brand = favicon.match(/<rect[^>]*fill="([^"]+)"/)?.[1];
  if (!brand) throw new Error('favicon.svg has no background square to take the brand colour from');
  // The safe zone of a maskable icon is the central circle of 80 % of the side: the drawing is scaled to 70 %.
  const maskable =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/>` +
    `<g transform="translate(9.6 9.6) scale(0.7)">${shopFront(favicon)}</g></svg>`;
  await png(favicon, 192, 'icon-192.png');
  await png(favicon, 512, 'icon-512.png');
  await png(maskable, 512, 'maskable-512.png');
  // iOS draws its own rounded corners over a full square.
  await png(maskable, 180, 'apple-touch-icon.png');
}

await main();
