import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Comercio, ComercioEditable } from '#shared/api';
import { IN_FLIGHT_STATUSES } from '#shared/pagos';
import type { PromocionesCambios } from '#shared/operador';
import type { ComercioValues } from '#shared/schemas/comercio';
import { diasToMask } from '#shared/rules/promocion-dias';
import type { PromocionValues } from '#shared/schemas/promocion';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, imagenes, pagos, promociones } from '#server/db/schema';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { deleteUnreferencedImages } from '#server/imagenes/store';
import { recordAudit, type Actor } from '#server/operador/audit';
import { changedFields, promocionesChanged } from './history';
import { toComercio, toPromocion } from './mapper';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const NOT_YOURS = 'Solo el dueño del comercio puede hacer esto.';
export const DELETE_WHILE_PAYING =
  'No podés eliminar este comercio mientras su pago está en proceso. Esperá a que se acredite o se rechace (suele tardar unos segundos) y volvé a intentar.';

type ComercioInsert = typeof comercios.$inferInsert;
type PromocionRow = typeof promociones.$inferSelect;
/** The columns an owner writes: the form's values plus the joined category (the first is the primary one). */
type OwnerColumns = Pick<ComercioInsert, keyof ComercioValues | 'categoria'>;

/**
 * Columns the owner writes; payment, featuring, rating and ownership are never among them. A pin left out
 * (lat/lng undefined) keeps the stored one: drizzle skips undefined columns in an update.
 */
function ownerColumns(v: ComercioValues): OwnerColumns {
  return { ...v, categoria: v.categorias.join(', ') };
}

function imageIdsOf(
  v: { imagen: string | null; galeria?: string[] },
  promos: Array<{ imagen: string | null; imagen2: string | null }> = [],
): string[] {
  const ids = [v.imagen, ...(v.galeria ?? []), ...promos.flatMap((p) => [p.imagen, p.imagen2])];
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/**
 * Every image a save refers to must have been uploaded (and so checked and re-encoded) first. Images the
 * locked business already refers to (`kept`) exist: nothing deletes an image while a row refers to it.
 */
async function assertImagesExist(tx: Tx, all: string[], kept: string[] = []): Promise<void> {
  const ids = all.filter((id) => !kept.includes(id));
  if (!ids.length) return;
  const found = await tx.select({ id: imagenes.id }).from(imagenes).where(inArray(imagenes.id, ids));
  if (found.length !== ids.length)
    throw badRequest('Una de las imágenes ya no está disponible. Volvé a subirla.', 'image_missing');
}

/** Locks the row for the rest of the transaction and checks who owns it. */
async function lockOwned(tx: Tx, userId: string, id: number) {
  const [row] = await tx.select().from(comercios).where(eq(comercios.id, id)).for('update');
  if (!row) throw notFound('No encontramos este comercio.');
  if (row.propietarioId !== userId) throw new AppError(403, 'forbidden', NOT_YOURS);
  return row;
}

/** The columns a promotion's values are stored in (weekdays as a bit mask). */
const toColumns = ({ dias, ...p }: Omit<PromocionValues, 'id'>) => ({ ...p, dias: diasToMask(dias) });
type PromocionColumns = ReturnType<typeof toColumns>;

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
const changedKeys = (row: PromocionRow, p: PromocionColumns) =>
  (Object.keys(p) as Array<keyof PromocionColumns>).filter((k) => !sameValue(row[k], p[k]));

/**
 * Makes the stored list equal to `list`, keeping ids (ADR 013): a listed id of this business is updated in place,
 * its other promotions are deleted, and anything else is inserted with a new id. An id of another business (or one
 * deleted meanwhile) is never looked up, only treated as new: the client cannot reach rows that are not its own.
 */
async function syncPromociones(
  tx: Tx,
  comercioId: number,
  old: PromocionRow[],
  list: PromocionValues[],
): Promise<{ saved: PromocionRow[]; cambios: PromocionesCambios }> {
  const own = new Map(old.map((row) => [row.id, row]));
  const keptIds = new Set(list.flatMap((p) => (p.id && own.has(p.id) ? [p.id] : [])));
  const goneRows = old.filter((row) => !keptIds.has(row.id));
  const gone = goneRows.map((row) => row.id);
  if (gone.length)
    await tx.delete(promociones).where(and(eq(promociones.comercioId, comercioId), inArray(promociones.id, gone)));
  const saved: PromocionRow[] = [];
  // For the business history (ADR 018): what this save added, changed and removed.
  const ref = (row: PromocionRow) => ({ id: row.id, titulo: row.titulo });
  const cambios: PromocionesCambios = {
    agregadas: [],
    editadas: [],
    eliminadas: goneRows.map(ref),
  };
  const fresh: Array<typeof promociones.$inferInsert> = [];
  for (const { id, ...values } of list) {
    const promocion = toColumns(values);
    const row = id ? own.get(id) : undefined;
    const campos = row ? changedKeys(row, promocion) : [];
    if (!row) fresh.push({ ...promocion, comercioId });
    else if (!campos.length) saved.push(row);
    else {
      const [updated] = await tx
        .update(promociones)
        .set(promocion)
        .where(and(eq(promociones.id, row.id), eq(promociones.comercioId, comercioId)))
        .returning();
      saved.push(updated!);
      cambios.editadas.push({ ...ref(updated!), campos });
    }
  }
  if (fresh.length) {
    const inserted = await tx.insert(promociones).values(fresh).returning();
    saved.push(...inserted);
    cambios.agregadas.push(...inserted.map(ref));
  }
  return { saved, cambios };
}

const byExpiry = (a: { fechaVencimiento: string; id: number }, b: { fechaVencimiento: string; id: number }) =>
  a.fechaVencimiento.localeCompare(b.fechaVencimiento) || a.id - b.id;

/** New businesses always start unpublished and belong to whoever is signed in (spec §4, §6). */
export async function createComercio(db: Db, owner: Actor & { id: string }, values: ComercioValues): Promise<Comercio> {
  return db.transaction(async (tx) => {
    await assertImagesExist(tx, imageIdsOf(values));
    const [row] = await tx
      .insert(comercios)
      .values({
        ...ownerColumns(values),
        propietarioId: owner.id,
        pagoStatus: false,
        fechaPago: null,
        destacado: false,
        rating: 0,
      })
      .returning();
    await recordAudit(tx, owner, {
      action: 'crear_comercio',
      targetType: 'comercio',
      targetId: row!.id,
      after: { nombre: row!.nombre, categoria: row!.categoria, localidad: row!.localidad },
    });
    return toComercio(row!);
  });
}

/**
 * Saves an edit: the business fields and, when given, its whole promotion list, together or not at all.
 * Payment state, owner, featuring and rating keep their stored values. Also says what the public could see
 * change (for the cache).
 */
export async function updateComercio(
  db: Db,
  owner: Actor & { id: string },
  id: number,
  values: ComercioValues,
  promos: PromocionValues[] | undefined,
  now: Date,
): Promise<{ saved: ComercioEditable; change: ComercioChange }> {
  return db.transaction(async (tx) => {
    const before = await lockOwned(tx, owner.id, id);
    const oldPromos = await tx.select().from(promociones).where(eq(promociones.comercioId, id));
    const held = imageIdsOf(before, oldPromos);
    const wanted = imageIdsOf(values, promos ?? oldPromos);
    await assertImagesExist(tx, wanted, held);
    const columns = ownerColumns(values);
    const [row] = await tx
      .update(comercios)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(comercios.id, id))
      .returning();
    const synced = promos ? await syncPromociones(tx, id, oldPromos, promos) : undefined;
    const saved = synced?.saved ?? oldPromos;
    // Only images this save stopped using can have become unreferenced.
    await deleteUnreferencedImages(
      tx,
      held.filter((img) => !wanted.includes(img)),
    );
    // The history row (one INSERT, no read): only when something changed.
    const fields = changedFields(before, columns);
    const promosChanged = synced && promocionesChanged(synced.cambios);
    if (fields || promosChanged) {
      await recordAudit(tx, owner, {
        action: 'editar_comercio',
        targetType: 'comercio',
        targetId: id,
        before: fields?.before ?? {},
        after: { ...fields?.after, ...(promosChanged ? { promociones: synced.cambios } : {}) },
      });
    }
    return {
      saved: {
        ...toComercio(row!),
        promociones: saved.map(toPromocion).sort(byExpiry),
      },
      change: {
        id,
        before: snapshotOf(before, now, oldPromos),
        after: snapshotOf(row!, now, saved),
        comercio: true,
        promociones: Boolean(promos),
      },
    };
  });
}

/** Saves the whole promotion list in one transaction (the spec's original could lose promotions), ids kept. */
export async function savePromociones(
  db: Db,
  owner: Actor & { id: string },
  id: number,
  promos: PromocionValues[],
  now: Date,
) {
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, owner.id, id);
    const oldPromos = await tx.select().from(promociones).where(eq(promociones.comercioId, id));
    const held = imageIdsOf({ imagen: null }, oldPromos);
    const wanted = imageIdsOf({ imagen: null }, promos);
    await assertImagesExist(tx, wanted, held);
    const { saved, cambios } = await syncPromociones(tx, id, oldPromos, promos);
    if (promocionesChanged(cambios)) {
      await recordAudit(tx, owner, {
        action: 'editar_promociones',
        targetType: 'comercio',
        targetId: id,
        after: { promociones: cambios },
      });
    }
    await deleteUnreferencedImages(
      tx,
      held.filter((img) => !wanted.includes(img)),
    );
    const change: ComercioChange = {
      id,
      before: snapshotOf(row, now, oldPromos),
      after: snapshotOf(row, now, saved),
      comercio: false,
      promociones: true,
    };
    return { items: saved.map(toPromocion).sort(byExpiry), change };
  });
}

/**
 * Deletes a business with its promotions and the images nothing else uses, together. Returns what the public lost.
 * Refused while a payment for it is in flight: the approval would find no business to publish (ADR 005).
 * The row lock serialises this with processOrder, which takes the same lock before recording an attempt.
 */
export async function deleteComercio(
  db: Db,
  owner: Actor & { id: string },
  id: number,
  now: Date,
): Promise<ComercioChange> {
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, owner.id, id);
    const [paying] = await tx
      .select({ id: pagos.id })
      .from(pagos)
      .where(and(eq(pagos.comercioId, id), inArray(pagos.status, IN_FLIGHT_STATUSES)))
      .limit(1);
    if (paying) throw new AppError(409, 'payment_in_progress', DELETE_WHILE_PAYING);
    const promos = await tx.select().from(promociones).where(eq(promociones.comercioId, id));
    await tx.delete(comercios).where(eq(comercios.id, id)); // promociones go with it (ON DELETE CASCADE)
    await deleteUnreferencedImages(tx, imageIdsOf(row, promos));
    // The history outlives the business (audit_log has no foreign key to it).
    await recordAudit(tx, owner, {
      action: 'eliminar_comercio',
      targetType: 'comercio',
      targetId: id,
      before: { nombre: row.nombre, promociones: promos.map((p) => ({ id: p.id, titulo: p.titulo })) },
    });
    return { id, before: snapshotOf(row, now), after: null, comercio: true, promociones: true };
  });
}

export async function listMisComercios(db: Db, userId: string): Promise<Comercio[]> {
  const rows = await db
    .select()
    .from(comercios)
    .where(eq(comercios.propietarioId, userId))
    .orderBy(desc(comercios.createdAt), desc(comercios.id));
  return rows.map(toComercio);
}

export async function getComercioEditable(db: Db, userId: string, id: number): Promise<ComercioEditable> {
  const [row] = await db.select().from(comercios).where(eq(comercios.id, id));
  if (!row) throw notFound('No encontramos este comercio.');
  if (row.propietarioId !== userId) throw new AppError(403, 'forbidden', NOT_YOURS);
  const promos = await db
    .select()
    .from(promociones)
    .where(and(eq(promociones.comercioId, id)))
    .orderBy(promociones.fechaVencimiento, promociones.id);
  return { ...toComercio(row), promociones: promos.map(toPromocion) };
}
