import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '#shared/api';
import {
  OPINION_NO_ENCONTRADA,
  OPINION_PROPIA,
  OPINION_VERIFICAR_EMAIL,
  OPINIONES_PAGE_SIZE,
  type Opinion,
  type OpinionRecibida,
  type OpinionesResumen,
  type OpinionValues,
} from '#shared/opiniones';
import { isPublished } from '#shared/rules/publication';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import { publishedWhere } from '#server/comercios/published';
import { qualified } from '#server/db/qualified';
import type { Db } from '#server/db/client';
import { comercios, mailJobs, opiniones, user } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { lockActiveAccount } from '#server/operador/suspension';
import { ratingChange, type Tx } from './rating';

const COMERCIO_NO_ENCONTRADO = 'No encontramos este comercio.';
/** The owner's card shows this many of the newest opinions. */
const RECIBIDAS_MAX = 20;

const OPINION_COLUMNS = {
  id: opiniones.id,
  estrellas: opiniones.estrellas,
  texto: opiniones.texto,
  autor: user.name,
  createdAt: opiniones.createdAt,
  updatedAt: opiniones.updatedAt,
  respuesta: opiniones.respuesta,
  respuestaAt: opiniones.respuestaAt,
};

type OpinionRow = {
  id: number;
  estrellas: number;
  texto: string;
  autor: string;
  createdAt: Date;
  updatedAt: Date;
  respuesta: string | null;
  respuestaAt: Date | null;
};

function toOpinion(row: OpinionRow): Opinion {
  return {
    id: row.id,
    estrellas: row.estrellas,
    texto: row.texto,
    autor: row.autor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    respuesta: row.respuesta,
    respuestaAt: row.respuestaAt?.toISOString() ?? null,
  };
}

const visible = isNull(opiniones.ocultoAt);

async function visiblePage(db: Db | Tx, comercioId: number, page: number): Promise<Page<Opinion>> {
  const rows = await db
    .select(OPINION_COLUMNS)
    .from(opiniones)
    .innerJoin(user, eq(user.id, opiniones.userId))
    .where(and(eq(opiniones.comercioId, comercioId), visible))
    .orderBy(desc(opiniones.createdAt), desc(opiniones.id))
    .limit(OPINIONES_PAGE_SIZE + 1)
    .offset((page - 1) * OPINIONES_PAGE_SIZE);
  return {
    items: rows.slice(0, OPINIONES_PAGE_SIZE).map(toOpinion),
    page,
    hasMore: rows.length > OPINIONES_PAGE_SIZE,
  };
}

/**
 * The business page's section as two columns of the page's own statement (getComercioDetalle reads the business,
 * its promotions and these in one prepared statement, ADR 056): the five bars as an int4[] (index 0 is one star),
 * and the first page (one more than a page: is there a next one?) as JSON, newest first. `comercioId` is the
 * outer statement's business id column.
 */
export function opinionesResumenColumns(comercioId: SQL) {
  const o = (column: AnyPgColumn) => qualified('o', column);
  const mine = sql`${o(opiniones.comercioId)} = ${comercioId} AND ${o(opiniones.ocultoAt)} IS NULL`;
  return {
    distribucion: sql<number[]>`(SELECT ARRAY[${sql.join(
      [1, 2, 3, 4, 5].map((n) => sql`count(*) FILTER (WHERE ${o(opiniones.estrellas)} = ${sql.raw(String(n))})`),
      sql`, `,
    )}]::int4[] FROM ${opiniones} AS o WHERE ${mine})`,
    primeras: sql<
      OpinionJson[]
    >`(SELECT coalesce(json_agg(pagina ORDER BY pagina."createdAt" DESC, pagina.id DESC), '[]'::json)
      FROM (
        SELECT ${o(opiniones.id)} AS id, ${o(opiniones.estrellas)} AS estrellas, ${o(opiniones.texto)} AS texto,
          ${qualified('u', user.name)} AS autor, ${o(opiniones.createdAt)} AS "createdAt",
          ${o(opiniones.updatedAt)} AS "updatedAt", ${o(opiniones.respuesta)} AS respuesta,
          ${o(opiniones.respuestaAt)} AS "respuestaAt"
        FROM ${opiniones} AS o JOIN ${user} AS u ON ${qualified('u', user.id)} = ${o(opiniones.userId)}
        WHERE ${mine}
        ORDER BY ${o(opiniones.createdAt)} DESC, ${o(opiniones.id)} DESC
        LIMIT ${sql.raw(String(OPINIONES_PAGE_SIZE + 1))}
      ) AS pagina)`,
  };
}

/** An opinion as JSON gives it: its times as the database writes them (any offset), not yet ISO in UTC. */
interface OpinionJson extends Omit<OpinionRow, 'createdAt' | 'updatedAt' | 'respuestaAt'> {
  createdAt: string;
  updatedAt: string;
  respuestaAt: string | null;
}

/** opinionesResumenColumns()'s two values as the page sends them, the same as a page read on its own. */
export function toOpinionesResumen(distribucion: number[], primeras: OpinionJson[]): OpinionesResumen {
  return {
    distribucion: [0, 1, 2, 3, 4].map((i) => Number(distribucion[i] ?? 0)) as OpinionesResumen['distribucion'],
    items: primeras.slice(0, OPINIONES_PAGE_SIZE).map((o) =>
      toOpinion({
        ...o,
        createdAt: new Date(o.createdAt),
        updatedAt: new Date(o.updatedAt),
        respuestaAt: o.respuestaAt === null ? null : new Date(o.respuestaAt),
      }),
    ),
    hasMore: primeras.length > OPINIONES_PAGE_SIZE,
  };
}

/** "Ver más": a published business's visible opinions, newest first. */
export async function listOpiniones(db: Db, comercioId: number, page: number, now: Date): Promise<Page<Opinion>> {
  const [found] = await db
    .select({ id: comercios.id })
    .from(comercios)
    .where(and(eq(comercios.id, comercioId), publishedWhere(now)));
  if (!found) throw notFound(COMERCIO_NO_ENCONTRADO);
  return visiblePage(db, comercioId, page);
}

export async function miOpinion(db: Db, userId: string, comercioId: number): Promise<Opinion | null> {
  const [row] = await db
    .select(OPINION_COLUMNS)
    .from(opiniones)
    .innerJoin(user, eq(user.id, opiniones.userId))
    .where(and(eq(opiniones.comercioId, comercioId), eq(opiniones.userId, userId)));
  return row ? toOpinion(row) : null;
}

/**
 * Locks the business and reads what the cache needs to know about it. Only a published business takes opinions.
 * With the lock, writes on one business run one after another, so the aggregate each one recomputes (a statement
 * of its own, with a fresh snapshot) already sees the opinions committed before it; without it, two opinions
 * written at once could each count only their own.
 */
async function lockPublished(tx: Tx, comercioId: number, now: Date) {
  const [row] = await tx
    .select({
      propietarioId: comercios.propietarioId,
      rating: comercios.rating,
      opinionesCount: comercios.opinionesCount,
      pagoStatus: comercios.pagoStatus,
      fechaPago: comercios.fechaPago,
      ocultoMotivo: comercios.ocultoMotivo,
      categorias: comercios.categorias,
      localidad: comercios.localidad,
      destacado: comercios.destacado,
      searchText: comercios.searchText,
      sortName: comercios.sortName,
      lat: comercios.lat,
      lng: comercios.lng,
    })
    .from(comercios)
    .where(eq(comercios.id, comercioId))
    .for('update');
  if (!row || !isPublished(row, now)) throw notFound(COMERCIO_NO_ENCONTRADO);
  return row;
}

/**
 * Writes or edits the account's opinion on a published business, with its new rating, in one transaction.
 * Needs a verified email (ADR 027); the owner cannot rate their own business. A first opinion queues one email
 * to the owner (its unique key makes it one whatever the number of instances).
 */
export async function saveOpinion(
  db: Db,
  userId: string,
  comercioId: number,
  values: OpinionValues,
  now: Date,
): Promise<{ opinion: Opinion; created: boolean; change: ComercioChange }> {
  return db.transaction(async (tx) => {
    // Ordered with a suspension (which hides the author's opinions): before it, or refused after it (ADR 042).
    await lockActiveAccount(tx, userId);
    const [author] = await tx.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
    if (!author?.emailVerified) throw new AppError(403, 'email_not_verified', OPINION_VERIFICAR_EMAIL);
    const locked = await lockPublished(tx, comercioId, now);
    if (locked.propietarioId === userId) throw new AppError(403, 'own_business', OPINION_PROPIA);
    // The business's lock serialises writes on it, so this read and the insert below cannot race.
    const [existing] = await tx
      .select({ id: opiniones.id })
      .from(opiniones)
      .where(and(eq(opiniones.comercioId, comercioId), eq(opiniones.userId, userId)));
    let id: number;
    if (existing) {
      id = existing.id;
      await tx
        .update(opiniones)
        .set({ estrellas: values.estrellas, texto: values.texto, updatedAt: now })
        .where(eq(opiniones.id, id));
    } else {
      const [row] = await tx
        .insert(opiniones)
        .values({
          comercioId,
          userId,
          estrellas: values.estrellas,
          texto: values.texto,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: opiniones.id });
      id = row!.id;
      if (locked.propietarioId)
        await tx
          .insert(mailJobs)
          .values({
            kind: 'opinion',
            dedupeKey: `opinion:${id}`,
            comercioId,
            opinionId: id,
            userId: locked.propietarioId,
            notBefore: now,
          })
          .onConflictDoNothing({ target: mailJobs.dedupeKey });
    }
    const change = await ratingChange(tx, comercioId, locked, now);
    const [row] = await tx
      .select(OPINION_COLUMNS)
      .from(opiniones)
      .innerJoin(user, eq(user.id, opiniones.userId))
      .where(eq(opiniones.id, id));
    return { opinion: toOpinion(row!), created: !existing, change };
  });
}

/** The author deletes their opinion; the rating follows in the same transaction. Null when there was none. */
export async function deleteOpinion(
  db: Db,
  userId: string,
  comercioId: number,
  now: Date,
): Promise<ComercioChange | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: comercios.id })
      .from(comercios)
      .where(eq(comercios.id, comercioId))
      .for('update');
    if (!row) return null;
    const deleted = await tx
      .delete(opiniones)
      .where(and(eq(opiniones.comercioId, comercioId), eq(opiniones.userId, userId)))
      .returning({ id: opiniones.id });
    if (!deleted.length) return null;
    const [locked] = await tx.select().from(comercios).where(eq(comercios.id, comercioId));
    return ratingChange(tx, comercioId, locked!, now);
  });
}

async function ownComercio(db: Db | Tx, ownerId: string, comercioId: number): Promise<void> {
  const [row] = await db
    .select({ propietarioId: comercios.propietarioId })
    .from(comercios)
    .where(eq(comercios.id, comercioId));
  if (!row || row.propietarioId !== ownerId) throw notFound(COMERCIO_NO_ENCONTRADO);
}

const toRecibida = (row: OpinionRow & { ocultoMotivo: string | null }): OpinionRecibida => ({
  ...toOpinion(row),
  ocultoMotivo: row.ocultoMotivo,
});

/** The owner's newest opinions on one of their businesses, and how many visible ones still wait for an answer. */
export async function opinionesRecibidas(
  db: Db,
  ownerId: string,
  comercioId: number,
): Promise<{ items: OpinionRecibida[]; sinResponder: number }> {
  await ownComercio(db, ownerId, comercioId);
  const [rows, [pending]] = await Promise.all([
    db
      .select({ ...OPINION_COLUMNS, ocultoMotivo: opiniones.ocultoMotivo })
      .from(opiniones)
      .innerJoin(user, eq(user.id, opiniones.userId))
      .where(eq(opiniones.comercioId, comercioId))
      .orderBy(desc(opiniones.createdAt), desc(opiniones.id))
      .limit(RECIBIDAS_MAX),
    db
      .select({ n: count() })
      .from(opiniones)
      .where(and(eq(opiniones.comercioId, comercioId), visible, isNull(opiniones.respuesta))),
  ]);
  return { items: rows.map(toRecibida), sinResponder: Number(pending?.n ?? 0) };
}

/** The owner's answer to an opinion on their business: one per opinion, sending again replaces it. */
export async function responderOpinion(
  db: Db,
  ownerId: string,
  opinionId: number,
  respuesta: string,
  now: Date,
): Promise<{ opinion: OpinionRecibida; change: ComercioChange }> {
  return db.transaction(async (tx) => {
    await lockActiveAccount(tx, ownerId);
    const [found] = await tx
      .select({ comercioId: opiniones.comercioId, propietarioId: comercios.propietarioId })
      .from(opiniones)
      .innerJoin(comercios, eq(comercios.id, opiniones.comercioId))
      .where(eq(opiniones.id, opinionId))
      .for('update', { of: opiniones });
    if (!found || found.propietarioId !== ownerId) throw notFound(OPINION_NO_ENCONTRADA);
    await tx.update(opiniones).set({ respuesta, respuestaAt: now }).where(eq(opiniones.id, opinionId));
    const [row] = await tx
      .select({ ...OPINION_COLUMNS, ocultoMotivo: opiniones.ocultoMotivo })
      .from(opiniones)
      .innerJoin(user, eq(user.id, opiniones.userId))
      .where(eq(opiniones.id, opinionId));
    const [c] = await tx.select().from(comercios).where(eq(comercios.id, found.comercioId));
    const snapshot = snapshotOf(c!, now);
    // Only the page shows answers: cards and lists stay.
    return {
      opinion: toRecibida(row!),
      change: {
        id: found.comercioId,
        before: snapshot,
        after: snapshot,
        comercio: false,
        promociones: false,
        opiniones: true,
        rating: false,
      },
    };
  });
}

/**
 * An operator hides an opinion (from a report): it leaves the page and stops counting, in the transaction of
 * the moderation (the caller's, which also writes the audit row).
 */
export async function hideOpinionTx(
  tx: Tx,
  opinionId: number,
  motivo: string,
  now: Date,
): Promise<{ comercioId: number; change: ComercioChange } | null> {
  const [op] = await tx
    .select({ comercioId: opiniones.comercioId, ocultoAt: opiniones.ocultoAt })
    .from(opiniones)
    .where(eq(opiniones.id, opinionId));
  if (!op) return null;
  const [locked] = await tx.select().from(comercios).where(eq(comercios.id, op.comercioId)).for('update');
  await tx
    .update(opiniones)
    .set({ ocultoMotivo: motivo, ocultoPor: 'moderacion', ocultoAt: now })
    // One its author's suspension hid is taken over by the moderation: a reinstatement then leaves it hidden.
    .where(and(eq(opiniones.id, opinionId), or(isNull(opiniones.ocultoAt), eq(opiniones.ocultoPor, 'suspension'))));
  return { comercioId: op.comercioId, change: await ratingChange(tx, op.comercioId, locked!, now) };
}
