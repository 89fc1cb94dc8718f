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

/** Spec §5 image messages, checked in the browser and again on the server (by the file's real content). */
export const IMAGE_TOO_LARGE_MESSAGE = 'La imagen es demasiado grande. El tamaño máximo es 2MB.';
export const IMAGE_WRONG_TYPE_MESSAGE = 'El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)';

/**
 * The most pixels an uploaded image may decode to: 24 megapixels (6000 × 4000), more than a phone's usual
 * 12 MP photo and any 2 MB file worth showing. A tiny file can claim a huge canvas (7000 × 7000,
 * 49,000,000 × 1); it is refused from its header, before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE =
  'La imagen tiene demasiados píxeles: el máximo es de 24 megapíxeles (por ejemplo, 6000 × 4000). Probá con una foto más chica.';
