import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FavoritoGuardado } from '#shared/contract';
import { FAVORITOS_LLENO, FAVORITOS_POR_CUENTA, type FavoritoRef } from '#shared/schemas/favoritos';
import { publishedWhere, visiblePromotionWhere } from '#server/comercios/published';
import { queryRows, type Db } from '#server/db/client';
import { comercios, favoritos, promociones, user } from '#server/db/schema';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { ACCOUNT_SUSPENDED } from '#server/operador/suspension';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The signed-in person's favourites, oldest first, each with its target's current name. */
export async function listMisFavoritos(db: Db | Tx, userId: string): Promise<FavoritoGuardado[]> {
  // Their own saves only: the name of a business unpublished since is theirs to read (they saw it published).
  const rows = await queryRows<{ comercio_id: number | null; promocion_id: number | null; nombre: string }>(
    db,
    sql`SELECT f.comercio_id, f.promocion_id, coalesce(c.nombre, p.titulo) AS nombre
        FROM ${favoritos} f
        LEFT JOIN ${comercios} c ON c.id = f.comercio_id
        LEFT JOIN ${promociones} p ON p.id = f.promocion_id
        WHERE f.user_id = ${userId}
        ORDER BY f.created_at, f.id`,
  );
  return rows.map((r) =>
    r.comercio_id !== null
      ? { kind: 'comercio', id: r.comercio_id, nombre: r.nombre }
      : { kind: 'promocion', id: Number(r.promocion_id), nombre: r.nombre },
  );
}

const column = (kind: FavoritoRef['kind']) => (kind === 'comercio' ? favoritos.comercioId : favoritos.promocionId);

/** Which of these ids the public may see now (a published business; an active, unexpired promotion of one). */
async function visibleIds(tx: Tx, kind: FavoritoRef['kind'], ids: number[], now: Date): Promise<number[]> {
  if (!ids.length) return [];
  const rows =
    kind === 'comercio'
      ? await tx
          .select({ id: comercios.id })
          .from(comercios)
          .where(and(inArray(comercios.id, ids), publishedWhere(now)))
      : await tx
          .select({ id: promociones.id })
          .from(promociones)
          .innerJoin(comercios, eq(promociones.comercioId, comercios.id))
          .where(and(inArray(promociones.id, ids), visiblePromotionWhere(now), publishedWhere(now)));
  return rows.map((r) => r.id);
}

/**
 * One person's writes wait for each other (a lock on their account row), so two tabs merging at once cannot
 * both pass the limit check. The same lock orders them with a suspension: a suspended account saves nothing
 * (ADR 042).
 */
async function lockCuenta(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx.select({ suspendedAt: user.suspendedAt }).from(user).where(eq(user.id, userId)).for('update');
  if (row?.suspendedAt) throw new AppError(403, 'account_suspended', ACCOUNT_SUSPENDED);
}

async function count(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(favoritos)
    .where(eq(favoritos.userId, userId));
  return row?.n ?? 0;
}

const values = (userId: string, refs: FavoritoRef[]) =>
  refs.map((r) =>
    r.kind === 'comercio'
      ? { userId, comercioId: r.id, promocionId: null }
      : { userId, comercioId: null, promocionId: r.id },
  );

/** Saves one; saving it again changes nothing. Only what the public may see now (else 404, as to anyone). */
export async function addFavorito(db: Db, userId: string, ref: FavoritoRef, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCuenta(tx, userId);
    if (!(await visibleIds(tx, ref.kind, [ref.id], now)).length)
      throw notFound(ref.kind === 'comercio' ? 'No encontramos este comercio.' : 'No encontramos esta promoción.');
    const inserted = await tx
      .insert(favoritos)
      .values(values(userId, [ref]))
      .onConflictDoNothing()
      .returning({ id: favoritos.id });
    // Counted after the insert, in the same transaction: over the limit, the insert is undone.
    if (inserted.length && (await count(tx, userId)) > FAVORITOS_POR_CUENTA) throw badRequest(FAVORITOS_LLENO, 'limit');
  });
}

/** Removes one of the person's own favourites (the condition names the owner: nobody else's row can match). */
export async function removeFavorito(db: Db, userId: string, ref: FavoritoRef): Promise<void> {
  await db.delete(favoritos).where(and(eq(favoritos.userId, userId), eq(column(ref.kind), ref.id)));
}

/**
 * The device's list joined to the account's, in one transaction: ids the public cannot see now (deleted,
 * unpublished, expired, never existed) are left out without an error, because a device keeps what it saved
 * long after; the answer is the whole union, so the device sees what was kept. Over the limit, nothing is saved.
 */
export async function mergeFavoritos(
  db: Db,
  userId: string,
  refs: FavoritoRef[],
  now: Date,
): Promise<FavoritoGuardado[]> {
  return db.transaction(async (tx) => {
    await lockCuenta(tx, userId);
    const ids = (kind: FavoritoRef['kind']) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
    const kept: FavoritoRef[] = [
      ...(await visibleIds(tx, 'comercio', ids('comercio'), now)).map((id) => ({ kind: 'comercio' as const, id })),
      ...(await visibleIds(tx, 'promocion', ids('promocion'), now)).map((id) => ({ kind: 'promocion' as const, id })),
    ];
    if (kept.length) {
      await tx.insert(favoritos).values(values(userId, kept)).onConflictDoNothing();
      if ((await count(tx, userId)) > FAVORITOS_POR_CUENTA) throw badRequest(FAVORITOS_LLENO, 'limit');
    }
    return listMisFavoritos(tx, userId);
  });
}
