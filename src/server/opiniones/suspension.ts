import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ComercioChange } from '#server/cache/scope';
import { comercios, opiniones } from '#server/db/schema';
import { ratingChange, type Tx } from './rating';

/**
 * The reason a business's owner reads on an opinion hidden because its author's account is suspended ("Oculta
 * por moderación: …"). The operator's own reason is about the author, not theirs to read: it stays in the console.
 */
export const OPINION_AUTOR_SUSPENDIDO = 'la cuenta de quien la escribió está suspendida';

export interface OpinionsOfAccount {
  /** The opinions hidden or shown again. */
  ids: number[];
  /** One per business whose opinions changed: its page, and its cards and lists when its rating moved. */
  changes: ComercioChange[];
}

/**
 * Hides (suspension) or shows again (reinstatement) an account's opinions, and recomputes the rating of every
 * business they are on, in the caller's transaction (ADR 042). Hiding touches only visible opinions, so one an
 * operator hid keeps the operator's reason; showing touches only those the suspension hid. The caller holds the
 * account's row FOR UPDATE, so the author writes no opinion meanwhile (saveOpinion takes it FOR SHARE).
 */
export async function setAccountOpinionsHidden(
  tx: Tx,
  userId: string,
  hidden: boolean,
  now: Date,
): Promise<OpinionsOfAccount> {
  const which = and(
    eq(opiniones.userId, userId),
    hidden ? isNull(opiniones.ocultoAt) : eq(opiniones.ocultoPor, 'suspension'),
  );
  const targets = await tx.selectDistinct({ id: opiniones.comercioId }).from(opiniones).where(which);
  if (!targets.length) return { ids: [], changes: [] };
  // The businesses first, in one order, as every opinion write locks its business before touching its opinions.
  const locked = await tx
    .select()
    .from(comercios)
    .where(
      inArray(
        comercios.id,
        targets.map((t) => t.id),
      ),
    )
    .orderBy(asc(comercios.id))
    .for('update');
  const rows = await tx
    .update(opiniones)
    .set(
      hidden
        ? { ocultoMotivo: OPINION_AUTOR_SUSPENDIDO, ocultoPor: 'suspension', ocultoAt: now }
        : { ocultoMotivo: null, ocultoPor: null, ocultoAt: null },
    )
    .where(which)
    .returning({ id: opiniones.id });
  const changes: ComercioChange[] = [];
  for (const c of locked) changes.push(await ratingChange(tx, c.id, c, now));
  return { ids: rows.map((r) => r.id).sort((a, b) => a - b), changes };
}
