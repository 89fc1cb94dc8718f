import { endpointUrl } from './contract/endpoint';
// Not '#shared/contract': its index reaches the comercio schema, which imports this file.
import { imagenes } from './contract/imagenes';

/**
 * Images are stored once by content hash and served in three sized variants, narrowest first (the order of a
 * `srcset`). `medium` sits between the card and the gallery: a 412 px phone at 1.75× (≈ 721 device px) would
 * otherwise download the 1280 px file for its main photo (ADR 004, amendment on the medium variant).
 */
export const IMAGE_SIZE_NAMES = ['thumb', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZE_NAMES)[number];
export const IMAGE_SIZES: Record<ImageSize, number> = { thumb: 480, medium: 800, large: 1280 };
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

export function imageUrl(id: string | null | undefined, size: ImageSize): string | null {
  return id && IMAGE_ID_PATTERN.test(id) ? endpointUrl(imagenes.file, { params: { id, file: `${size}.webp` } }) : null;
}

/** Every variant with its width, for an `<img srcset>` (the browser picks by the `sizes` it is given). */
export function imageSrcSet(id: string | null | undefined): string | null {
  if (!id || !IMAGE_ID_PATTERN.test(id)) return null;
  return IMAGE_SIZE_NAMES.map((size) => `${imageUrl(id, size)} ${IMAGE_SIZES[size]}w`).join(', ');
}
