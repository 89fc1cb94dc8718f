// What an uploaded image may be (spec §5), checked in the owner's form and again on the server. Apart from
// imagenes.ts and constants.ts, which every page's first load uses: a module's exports travel together (ADR 023).

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Spec §5 image messages, checked in the browser and again on the server (by the file's real content). */
export const IMAGE_TOO_LARGE_MESSAGE = 'La imagen es demasiado grande. El tamaño máximo es 2MB.';
export const IMAGE_WRONG_TYPE_MESSAGE = 'El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)';

/**
 * The most pixels an uploaded image may decode to: 24 megapixels (6000 × 4000), more than a phone's usual
 * 12 MP photo and any 2 MB file worth showing. A tiny file can claim a huge canvas (7000 × 7000,
 * 49,000,000 × 1); it is refused from its header, before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
/**
 * The longest side, besides the pixel count: the decoder's working memory grows with the width of a row (and
 * resizing a very tall strip, with its height), so a 24 MP canvas 6,000,000 × 4 costs what a square many times
 * its size would. A 24 MP photo up to about 4:1 (10,000 × 2,400) still fits.
 */
export const MAX_IMAGE_SIDE = 10_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE =
  'La imagen tiene demasiados píxeles: el máximo es de 24 megapíxeles (por ejemplo, 6000 × 4000) y 10.000 píxeles por lado. Probá con una foto más chica.';
