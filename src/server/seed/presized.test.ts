import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZE_NAMES, IMAGE_SIZES } from '#shared/imagenes';
import { SAMPLE_COMERCIOS } from '#shared/sample/comercios';

const dir = (name: string) => fileURLToPath(new URL(`./${name}/`, import.meta.url));

describe('the presized sample images', () => {
  it('are the current sample photos, every one of them, with the id an upload of that photo gets', async () => {
    const manifest = JSON.parse(await readFile(dir('presized') + 'manifest.json', 'utf8')) as Record<
      string,
      { id: string }
    >;
    const photos = (await readdir(dir('images'))).filter((f) => f.endsWith('.webp')).sort();
    expect(Object.keys(manifest).sort()).toEqual(photos);
    for (const file of photos) {
      const id = createHash('sha256')
        .update(await readFile(dir('images') + file))
        .digest('hex')
        .slice(0, 32);
      expect(manifest[file]?.id, file).toBe(id);
    }
    const needed = SAMPLE_COMERCIOS.flatMap((s) => [
      `${s.slug}.webp`,
      ...Array.from({ length: s.galeria }, (_, i) => `${s.slug}-${i + 2}.webp`),
    ]);
    for (const file of needed) expect(manifest, file).toHaveProperty([file]);
  });

  it('ship every variant, each at its width (never enlarged), so a first start encodes nothing', async () => {
    const manifest = JSON.parse(await readFile(dir('presized') + 'manifest.json', 'utf8')) as Record<
      string,
      { width: number; height: number }
    >;
    for (const [file, { width, height }] of Object.entries(manifest)) {
      for (const size of IMAGE_SIZE_NAMES) {
        const variant = `${file.replace(/\.webp$/, '')}.${size}.webp`;
        const meta = await sharp(await readFile(dir('presized') + variant)).metadata();
        expect([meta.format, meta.width], variant).toEqual(['webp', Math.min(width, IMAGE_SIZES[size])]);
      }
      expect(width, file).toBeGreaterThan(0);
      expect(height, file).toBeGreaterThan(0);
    }
  });
});
