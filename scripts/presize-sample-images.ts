/**
 * Turns the sample photos (src/server/seed/images, drawn by generate-sample-images.ts) into exactly what an
 * upload stores: the three WebP variants (thumb, medium, large) and the content id, in src/server/seed/presized with a manifest.
 * The seed loads these as they are, so a first start does no image work at all.
 *
 *   npx tsx scripts/presize-sample-images.ts
 *
 * The output is committed; rerun after regenerating the sample photos (a test checks they match).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { IMAGE_SIZE_NAMES } from '#shared/imagenes';
import { processImage } from '#server/imagenes/store';

const SOURCE = fileURLToPath(new URL('../src/server/seed/images/', import.meta.url));
const OUT = fileURLToPath(new URL('../src/server/seed/presized/', import.meta.url));

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const manifest: Record<string, { id: string; width: number; height: number }> = {};
for (const file of (await readdir(SOURCE)).filter((f) => f.endsWith('.webp')).sort()) {
  const image = await processImage(await readFile(SOURCE + file));
  const base = file.replace(/\.webp$/, '');
  for (const size of IMAGE_SIZE_NAMES) await writeFile(`${OUT}${base}.${size}.webp`, image[size]);
  manifest[file] = { id: image.id, width: image.width, height: image.height };
}
await writeFile(`${OUT}manifest.json`, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`Presized ${Object.keys(manifest).length} sample images into src/server/seed/presized`);
