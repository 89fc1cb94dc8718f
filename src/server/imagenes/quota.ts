import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client';
import { imagenes, user } from '#server/db/schema';
import { AppError } from '#server/http/errors';
import { ACCOUNT_SUSPENDED } from '#server/operador/suspension';
import { storeImage, type ProcessedImage } from './store';

export interface UploadLimits {
  perHour: number;
  perDay: number;
}

/**
 * An account's upload allowance, counted from the images it stored (database time), so every instance and
 * a restart see the same count. Only new images count: the same file again is the same stored image.
 */
export async function uploadQuotaError(
  db: Pick<Db, 'execute'>,
  userId: string,
  limits: UploadLimits,
): Promise<{ error: AppError; retryAfterSeconds: number } | null> {
  const [row] = await queryRows<{ hour: number; day: number; hour_free_in: number | null; day_free_in: number | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS hour,
               count(*)::int AS day,
               ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - interval '1 hour') + interval '1 hour' - now()))::int AS hour_free_in,
               ceil(extract(epoch FROM min(created_at) + interval '1 day' - now()))::int AS day_free_in
        FROM imagenes WHERE uploaded_by = ${userId} AND created_at > now() - interval '1 day'`,
  );
  if (!row) return null;
  if (row.day >= limits.perDay) {
    return {
      error: new AppError(
        429,
        'upload_quota_day',
        `Llegaste al límite de ${limits.perDay} imágenes por día. Vas a poder subir más mañana.`,
      ),
      retryAfterSeconds: Math.max(1, row.day_free_in ?? 3600),
    };
  }
  if (row.hour >= limits.perHour) {
    return {
      error: new AppError(
        429,
        'upload_quota_hour',
        `Subiste ${limits.perHour} imágenes en la última hora, el máximo. Esperá un rato y volvé a intentar.`,
      ),
      retryAfterSeconds: Math.max(1, row.hour_free_in ?? 60),
    };
  }
  return null;
}

/**
 * Stores an account's upload, counting again under a lock on the account's row so concurrent uploads cannot
 * slip past the quota together. An image already stored (same bytes) is returned without counting.
 */
export async function storeUpload(
  db: Db,
  image: ProcessedImage,
  userId: string,
  limits: UploadLimits,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ suspendedAt: user.suspendedAt })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (account?.suspendedAt) throw new AppError(403, 'account_suspended', ACCOUNT_SUSPENDED);
    const [existing] = await tx.select({ id: imagenes.id }).from(imagenes).where(eq(imagenes.id, image.id));
    if (existing) return existing.id;
    const over = await uploadQuotaError(tx, userId, limits);
    if (over) throw over.error;
    return storeImage(tx, image, userId);
  });
}
