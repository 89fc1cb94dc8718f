/** Images are stored once by content hash and served in two sized variants. */
export type ImageSize = 'thumb' | 'large';
export const IMAGE_SIZES: Record<ImageSize, number> = { thumb: 480, large: 1280 };
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

export function imageUrl(id: string | null | undefined, size: ImageSize): string | null {
  return id && IMAGE_ID_PATTERN.test(id) ? `/api/imagenes/${id}/${size}.webp` : null;
}

/** Spec §5 image messages, checked in the browser and again on the server (by the file's real content). */
export const IMAGE_TOO_LARGE_MESSAGE = 'La imagen es demasiado grande. El tamaño máximo es 2MB.';
export const IMAGE_WRONG_TYPE_MESSAGE = 'El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)';
