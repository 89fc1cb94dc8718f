import { describe, expect, it } from 'vitest';
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, imageSrcSet, imageUrl } from './imagenes';
import { imageFileParams, imageSize } from './schemas/imagenes';

const ID = 'a'.repeat(32);

describe('image sizes', () => {
  it('are thumb, medium and large, narrowest first', () => {
    expect(IMAGE_SIZE_NAMES.map((s) => [s, IMAGE_SIZES[s]])).toEqual([
      ['thumb', 480],
      ['medium', 800],
      ['large', 1280],
    ]);
    expect(Object.keys(IMAGE_SIZES).sort()).toEqual([...IMAGE_SIZE_NAMES].sort());
  });

  it('accept only the stored variants as a size', () => {
    for (const size of IMAGE_SIZE_NAMES) expect(imageSize.safeParse(size).success, size).toBe(true);
    for (const size of ['huge', 'MEDIUM', 'medium.webp', '', 'original'])
      expect(imageSize.safeParse(size).success, size).toBe(false);
    expect(imageFileParams.safeParse({ id: ID, size: 'medium' }).success).toBe(true);
    expect(imageFileParams.safeParse({ id: ID.toUpperCase(), size: 'medium' }).success).toBe(false);
  });

  it('list every variant in a srcset with its width, for a stored id only', () => {
    expect(imageUrl(ID, 'medium')).toBe(`/api/imagenes/${ID}/medium.webp`);
    expect(imageSrcSet(ID)).toBe(
      `/api/imagenes/${ID}/thumb.webp 480w, /api/imagenes/${ID}/medium.webp 800w, /api/imagenes/${ID}/large.webp 1280w`,
    );
    expect(imageSrcSet(null)).toBeNull();
    expect(imageSrcSet('../etc/passwd')).toBeNull();
  });
});
