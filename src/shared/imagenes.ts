import { endpointUrl } from './contract/endpoint';
// Not '#shared/contract': its index reaches the comercio schema, which imports this file.
import { imagenes } from './contract/imagenes';

/** Images are stored once by content hash and served in two sized variants. */
export type ImageSize = 'thumb' | 'large';
export const IMAGE_SIZES: Record<ImageSize, number> = { thumb: 480, large: 1280 };
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

export function imageUrl(id: string | null | undefined, size: ImageSize): string | null {
  return id && IMAGE_ID_PATTERN.test(id) ? endpointUrl(imagenes.file, { params: { id, file: `${size}.webp` } }) : null;
}
