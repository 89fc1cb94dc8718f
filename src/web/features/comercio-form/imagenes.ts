export {
  IMAGE_TOO_LARGE_MESSAGE as IMAGE_TOO_BIG,
  IMAGE_WRONG_TYPE_MESSAGE as IMAGE_WRONG_TYPE,
} from '#shared/imagenes-limites';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_TOO_LARGE_MESSAGE as IMAGE_TOO_BIG,
  IMAGE_WRONG_TYPE_MESSAGE as IMAGE_WRONG_TYPE,
  MAX_IMAGE_BYTES,
} from '#shared/imagenes-limites';
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Client-side check before uploading (spec §5); the server checks the content again. */
export function checkImageFile(file: { size: number; type: string }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_WRONG_TYPE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_BIG;
  return null;
}
