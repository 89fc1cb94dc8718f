import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { IN_FLIGHT_STATUSES } from '#shared/pagos';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import {
  account,
  auditLog,
  comercios,
  imagenes,
  opiniones,
  operadorDesignaciones,
  pagos,
  promociones,
  user,
  verification,
} from '#server/db/schema';
import { AppError } from '#server/http/errors';
import { deleteUnreferencedImages } from '#server/imagenes/store';
import { recordAudit } from '#server/operador/audit';
import { recomputeRatings } from '#server/opiniones/rating';

/** What the audit keeps in place of a deleted account's email (migration 0020 allows exactly this value). */
export const DELETED_ACTOR = 'cuenta eliminada';

export const DELETE_ACCOUNT_WHILE_PAYING =
  'Tenés un pago en proceso. Esperá a que se acredite o se rechace (suele tardar unos segundos) y volvé a intentar.';

export interface AccountDeletion {
  /** Public pages and lists to mark stale: the deleted businesses, and those whose opinions changed. */
  changes: ComercioChange[];
  comercios: number[];
  opiniones: number;
  pagos: number;
}

/**
 * Deletes an account (Mi cuenta, ADR 028; Argentina's Ley 25.326 gives the right to deletion), in one
 * transaction:
 * - its businesses, with their promotions, images, favourites, statistics, reports and opinions;
 * - the opinions it wrote, and the ratings of the businesses they were on are computed again;
 * - its payments stay (accounting needs them) without the account or the provider's answer, which carries the
 *   payer's data: amount, status, dates and the provider's order id remain;
 * - its own audit rows lose their email (the account's random id stays, naming nobody);
 * - the account, its sessions, password, second factor, pending links and emails.
 * One audit row records the deletion, without any personal data.
 */
export async function deleteAccount(db: Db, userId: string, now: Date): Promise<AccountDeletion> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for('update');
    if (!me) throw new AppError(404, 'not_found', 'La cuenta ya no existe.');

    const owned = await tx.select().from(comercios).where(eq(comercios.propietarioId, userId)).for('update');
    const ownedIds = owned.map((c) => c.id);
    // A payment in flight would be applied to a business that no longer exists: wait for it, as a business's
    // own deletion does.
    const [paying] = await tx
      .select({ id: pagos.id })
      .from(pagos)
      .where(
        and(
          inArray(pagos.status, IN_FLIGHT_STATUSES),
          ownedIds.length
            ? sql`(${pagos.userId} = ${userId} OR ${inArray(pagos.comercioId, ownedIds)})`
            : eq(pagos.userId, userId),
        ),
      )
      .limit(1);
    if (paying) throw new AppError(409, 'payment_in_progress', DELETE_ACCOUNT_WHILE_PAYING);

    const changes: ComercioChange[] = [];
    const images: string[] = [];
    if (ownedIds.length) {
      const promos = await tx.select().from(promociones).where(inArray(promociones.comercioId, ownedIds));
      for (const c of owned) {
        const own = promos.filter((p) => p.comercioId === c.id);
        images.push(
          ...[c.imagen, ...c.galeria, ...own.flatMap((p) => [p.imagen, p.imagen2])].filter((id): id is string =>
            Boolean(id),
          ),
        );
        changes.push({ id: c.id, before: snapshotOf(c, now, own), after: null, comercio: true, promociones: true });
      }
      // Promotions, favourites, statistics, reports and opinions go with them (ON DELETE CASCADE).
      await tx.delete(comercios).where(inArray(comercios.id, ownedIds));
    }

    // The opinions it wrote on other businesses: their ratings are computed again without them.
    const written = await tx
      .delete(opiniones)
      .where(eq(opiniones.userId, userId))
      .returning({ comercioId: opiniones.comercioId });
    const rated = [...new Set(written.map((o) => o.comercioId))].sort((a, b) => a - b);
    if (rated.length) {
      const before = await tx.select().from(comercios).where(inArray(comercios.id, rated)).for('update');
      await recomputeRatings(tx, rated);
      const after = await tx
        .select({ id: comercios.id, rating: comercios.rating, count: comercios.opinionesCount })
        .from(comercios)
        .where(inArray(comercios.id, rated));
      for (const c of before) {
        const a = after.find((x) => x.id === c.id);
        const snapshot = snapshotOf(c, now);
        changes.push({
          id: c.id,
          before: snapshot,
          after: snapshot,
          comercio: false,
          promociones: false,
          opiniones: true,
          rating: !a || a.rating !== c.rating || a.count !== c.opinionesCount,
        });
      }
    }

    // Payments are kept for the accounts, anonymised: no account, no provider answer (payer's email, ID).
    const anonymised = await tx
      .update(pagos)
      .set({ userId: null, rawResponse: null, updatedAt: now })
      .where(eq(pagos.userId, userId))
      .returning({ id: pagos.id });

    // Images it uploaded that nothing else uses any more.
    const uploaded = await tx
      .select({ id: imagenes.id })
      .from(imagenes)
      .where(and(isNotNull(imagenes.uploadedBy), eq(imagenes.uploadedBy, userId)));
    await deleteUnreferencedImages(tx, [...new Set([...images, ...uploaded.map((i) => i.id)])]);
    await tx.update(imagenes).set({ uploadedBy: null }).where(eq(imagenes.uploadedBy, userId));

    // Its own audit rows (an owner's edits, its second factor) keep what happened, not who it was.
    await tx.execute(sql`SELECT set_config('vidriera.cuenta_eliminada', ${userId}, true)`);
    await tx.update(auditLog).set({ actorEmail: DELETED_ACTOR }).where(eq(auditLog.actorId, userId));
    await tx.execute(sql`SELECT set_config('vidriera.cuenta_eliminada', '', true)`);

    // Pending reset links name the account by id; a pending operator appointment names it by email.
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(operadorDesignaciones).where(eq(operadorDesignaciones.email, me.email.toLowerCase()));
    // Sessions, password, second factor, favourites and queued emails go with the account (ON DELETE CASCADE).
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));

    await recordAudit(
      tx,
      { id: userId, email: DELETED_ACTOR },
      {
        action: 'eliminar_cuenta',
        targetType: 'user',
        targetId: userId,
        after: {
          comerciosEliminados: ownedIds,
          opinionesEliminadas: written.length,
          pagosAnonimizados: anonymised.length,
        },
      },
    );
    return { changes, comercios: ownedIds, opiniones: written.length, pagos: anonymised.length };
  });
}
