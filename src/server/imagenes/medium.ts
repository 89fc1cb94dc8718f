import { and, eq, isNull } from 'drizzle-orm';
import { IMAGE_SIZES } from '#shared/imagenes';
import type { Db } from '#server/db/client';
import { imagenes } from '#server/db/schema';
import { imageQueueFull, runImageWork, WEBP_QUALITY } from './store';

export interface MediumVariant {
  data: Buffer;
  /**
   * False when the large file stands in for it (the image work line is full): right picture, more bytes. The
   * route must not cache that answer in memory or for long in browsers, or the medium URL keeps the 1280 px file.
   */
  exact: boolean;
}

export interface MediumVariantOptions {
  /** Resizes a stored large variant to the medium width (a test counts the calls). */
  encode?: (large: Buffer) => Promise<Buffer>;
  /** Whether the image work line is full (a test fills it). */
  queueFull?: () => boolean;
}

/**
 * Reads an image's medium variant. Rows stored before it existed (migration 0016) have none: the first
 * request makes it from the stored large variant and stores it, so later requests, other instances and
 * restarts read it like any other. Why make it rather than always answer with the large file: an immutable
 * URL that answered 1280 px would be kept a year by every browser, the size problem it exists to fix; and a
 * downscale of a 1280 px WebP costs a few tens of milliseconds once per image, in the same two-at-a-time line as
 * uploads. One making per image at a time (a page shared in a group brings many phones at once): later
 * requests wait for it.
 */
export function mediumVariants(
  db: Db,
  { encode = encodeMedium, queueFull = imageQueueFull }: MediumVariantOptions = {},
): (id: string) => Promise<MediumVariant | null> {
  const making = new Map<string, Promise<MediumVariant | null>>();

  async function make(id: string): Promise<MediumVariant | null> {
    // Read again, with the bytes to work from: a making that just ended, or another instance, may have stored it.
    const [row] = await db
      .select({ medium: imagenes.medium, large: imagenes.large, width: imagenes.width })
      .from(imagenes)
      .where(eq(imagenes.id, id))
      .limit(1);
    if (!row) return null;
    if (row.medium) return { data: row.medium, exact: true };
    let medium: Buffer;
    // Already no wider than the medium width: an upload's medium variant is then the large one byte for byte
    // (same size, same settings), and copying it avoids a second loss.
    if (row.width <= IMAGE_SIZES.medium) medium = row.large;
    // Uploads wait in this line too: when it is full, the large file answers this once rather than a 503.
    else if (queueFull()) return { data: row.large, exact: false };
    else medium = await runImageWork(() => encode(row.large));
    // Only if still missing: two instances making it at once store one of two identical results.
    await db
      .update(imagenes)
      .set({ medium })
      .where(and(eq(imagenes.id, id), isNull(imagenes.medium)));
    return { data: medium, exact: true };
  }

  return async (id) => {
    const [row] = await db.select({ medium: imagenes.medium }).from(imagenes).where(eq(imagenes.id, id)).limit(1);
    if (!row) return null;
    if (row.medium) return { data: row.medium, exact: true };
    let running = making.get(id);
    if (!running) {
      running = make(id).finally(() => making.delete(id));
      making.set(id, running);
    }
    return running;
  };
}

/** The same resize and WebP settings an upload's medium variant gets (store.ts), from the large variant. */
async function encodeMedium(large: Buffer): Promise<Buffer> {
  // Loaded when first needed, as for uploads: a server that only serves stored images never loads libvips.
  const { default: sharp } = await import('sharp');
  return sharp(large)
    .resize({ width: IMAGE_SIZES.medium, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY.medium })
    .toBuffer();
}
