import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
import { IMAGE_SIZES, type ImageSize } from '#shared/imagenes';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_WRONG_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from '#shared/imagenes-limites';
import type { Db } from '#server/db/client';
import { imagenes } from '#server/db/schema';
import { AppError } from '#server/http/errors';
import { pngTextTooLarge } from './png-text';

export const IMAGE_TOO_LARGE = IMAGE_TOO_LARGE_MESSAGE;
export const IMAGE_WRONG_TYPE = IMAGE_WRONG_TYPE_MESSAGE;
export const IMAGE_TOO_MANY_PIXELS = IMAGE_TOO_MANY_PIXELS_MESSAGE;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

export interface ProcessedImage {
  id: string;
  width: number;
  height: number;
  thumb: Buffer;
  medium: Buffer;
  large: Buffer;
}

/**
 * WebP quality per variant: cards forgive more, the photos people look at closely less. Uploads and the
 * medium variant made later for older rows (medium.ts) use the same numbers.
 */
export const WEBP_QUALITY: Record<ImageSize, number> = { thumb: 72, medium: 80, large: 80 };

/**
 * Decoding and re-encoding is the expensive part of an upload (CPU and memory, in libuv's thread pool, which
 * password hashing also uses): at most two images at a time per process, and a short waiting line. A full
 * line refuses new uploads (503) instead of letting them pile up.
 */
const IMAGE_WORK_CONCURRENCY = 2;
const IMAGE_QUEUE_MAX = 16;
const imageWork = pLimit(IMAGE_WORK_CONCURRENCY);

export const IMAGES_BUSY = 'Estamos procesando muchas imágenes en este momento. Probá de nuevo en unos segundos.';

/** Other image work (link previews) waits in the same line, so uploads and previews never add up past two. */
export function runImageWork<T>(work: () => Promise<T>): Promise<T> {
  return imageWork(work);
}

export function imageQueueFull(): boolean {
  return imageWork.pendingCount >= IMAGE_QUEUE_MAX;
}

/** True when decoding a canvas of this size is refused: too many pixels, or one side too long (whatever the count). */
export function canvasTooLarge(width: number, height: number): boolean {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}

/**
 * Decodes the bytes for real (never trusting a name or declared type), accepts only JPEG, PNG, GIF and WebP,
 * and re-encodes three WebP variants (IMAGE_SIZES). Re-encoding drops every metadata block (EXIF with GPS included).
 * Before any decoding, from the header alone: a wrong type, a canvas over MAX_IMAGE_PIXELS or with a side over
 * MAX_IMAGE_SIDE, and a PNG whose compressed text would inflate to far more than the file (png-text.ts) are
 * refused, so what a decode may cost in memory is bounded whatever the file claims.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES || pngTextTooLarge(bytes))
    throw new AppError(400, 'image_too_large', IMAGE_TOO_LARGE);
  // Loaded on the first upload: a server that only serves pages never pays sharp's memory (libvips).
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    // Reads the header only; no pixel is decoded here.
    meta = await sharp(bytes).metadata();
  } catch {
    throw new AppError(400, 'image_wrong_type', IMAGE_WRONG_TYPE);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new AppError(400, 'image_wrong_type', IMAGE_WRONG_TYPE);
  // For GIF and WebP, height is one frame's (only the first frame is decoded).
  if (canvasTooLarge(meta.width, meta.height)) throw new AppError(413, 'image_too_many_pixels', IMAGE_TOO_MANY_PIXELS);
  return imageWork(() => encodeImage(sharp, bytes));
}

async function encodeImage(sharp: typeof import('sharp').default, bytes: Buffer): Promise<ProcessedImage> {
  try {
    // The original is decoded once, straight into the largest variant's size; the smaller variants are resized
    // from those pixels (not from another variant's WebP, so none carries a second compression loss). Three
    // decodes of the original side by side held several times the memory of one, for the same result.
    // The pixel limit again, enforced by the decoder itself (a header that lies about its size); sharp's other
    // input limits (channels, `unlimited: false`, first page only) stay at their safe defaults.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: IMAGE_SIZES.large, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const variant = (size: ImageSize) =>
      sharp(data, pixels)
        .resize({ width: IMAGE_SIZES[size], withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY[size] })
        .toBuffer();
    const [thumb, medium, large] = await Promise.all([variant('thumb'), variant('medium'), variant('large')]);
    return { id: imageId(bytes), width: info.width, height: info.height, thumb, medium, large };
  } catch {
    throw new AppError(400, 'image_wrong_type', IMAGE_WRONG_TYPE);
  }
}

/** Images are stored by content: the same bytes are the same image. */
export function imageId(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/** Stores an image once per content; returns its id. */
export async function storeImage(
  db: Pick<Db, 'insert'>,
  image: ProcessedImage,
  uploadedBy: string | null,
): Promise<string> {
  await db
    .insert(imagenes)
    .values({
      id: image.id,
      width: image.width,
      height: image.height,
      thumb: image.thumb,
      medium: image.medium,
      large: image.large,
      uploadedBy,
    })
    .onConflictDoNothing();
  return image.id;
}

export async function findImage(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ id: imagenes.id }).from(imagenes).where(eq(imagenes.id, id)).limit(1);
  return row?.id ?? null;
}

const VARIANT_COLUMNS = { thumb: imagenes.thumb, medium: imagenes.medium, large: imagenes.large };

/**
 * One stored variant's bytes; null when there is no such image, and for `medium` also when the row predates
 * that variant (the image route then makes it: medium.ts).
 */
export async function readImageVariant(db: Db, id: string, size: ImageSize): Promise<Buffer | null> {
  const [row] = await db.select({ data: VARIANT_COLUMNS[size] }).from(imagenes).where(eq(imagenes.id, id)).limit(1);
  return row?.data ?? null;
}

/** Deletes images no business or promotion refers to any more (after a delete or an edit). */
export async function deleteUnreferencedImages(db: Pick<Db, 'execute'>, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    DELETE FROM imagenes i WHERE i.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM comercios c WHERE c.imagen = i.id OR i.id = ANY(c.galeria))
      AND NOT EXISTS (SELECT 1 FROM promociones p WHERE p.imagen = i.id OR p.imagen2 = i.id)`);
}

/** Uploads that never made it into a saved business or promotion (the owner left the form) go after a day. */
export async function deleteAbandonedUploads(db: Pick<Db, 'execute'>, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.execute(sql`
    DELETE FROM imagenes i WHERE i.uploaded_by IS NOT NULL AND i.created_at < ${cutoff}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM comercios c WHERE c.imagen = i.id OR i.id = ANY(c.galeria))
      AND NOT EXISTS (SELECT 1 FROM promociones p WHERE p.imagen = i.id OR p.imagen2 = i.id)`);
}
