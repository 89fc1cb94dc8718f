import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Comercio, ComercioEditable } from '#shared/api';
import type { ComercioValues } from '#shared/schemas/comercio';
import { diasToMask } from '#shared/rules/promocion-dias';
import type { PromocionValues } from '#shared/schemas/promocion';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, imagenes, pagos, promociones } from '#server/db/schema';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { deleteUnreferencedImages } from '#server/imagenes/store';
import { IN_FLIGHT } from '#server/pagos/service';
import { toComercio, toPromocion } from './mapper';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const NOT_YOURS = 'Solo el dueño del comercio puede hacer esto.';
export const DELETE_WHILE_PAYING =
  'No podés eliminar este comercio mientras su pago está en proceso. Esperá a que se acredite o se rechace (suele tardar unos segundos) y volvé a intentar.';

/** Columns the owner writes; payment, featuring, rating and ownership are never among them. */
function ownerColumns(v: ComercioValues) {
  return {
    nombre: v.nombre,
    categoria: v.categorias.join(', '),
    categorias: v.categorias,
    descripcion: v.descripcion,
    horario: v.horario,
    horarioDetallado: v.horarioDetallado,
    direccion: v.direccion,
    localidad: v.localidad,
    telefono: v.telefono,
    email: v.email,
    whatsapp: v.whatsapp,
    servicios: v.servicios,
    imagen: v.imagen,
    galeria: v.galeria,
  };
}

function imageIdsOf(
  v: { imagen: string | null; galeria?: string[] },
  promos: Array<{ imagen: string | null; imagen2: string | null }> = [],
): string[] {
  const ids = [v.imagen, ...(v.galeria ?? []), ...promos.flatMap((p) => [p.imagen, p.imagen2])];
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** Every image a save refers to must have been uploaded (and so checked and re-encoded) first. */
async function assertImagesExist(tx: Tx, ids: string[]): Promise<void> {
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

async function replacePromociones(tx: Tx, comercioId: number, list: PromocionValues[]) {
  await tx.delete(promociones).where(eq(promociones.comercioId, comercioId));
  if (!list.length) return [];
  return tx
    .insert(promociones)
    .values(list.map(({ dias, ...p }) => ({ ...p, dias: diasToMask(dias), comercioId })))
    .returning();
}

/** New businesses always start unpublished and belong to whoever is signed in (spec §4, §6). */
export async function createComercio(db: Db, userId: string, values: ComercioValues): Promise<Comercio> {
  return db.transaction(async (tx) => {
    await assertImagesExist(tx, imageIdsOf(values));
    const [row] = await tx
      .insert(comercios)
      .values({
        ...ownerColumns(values),
        propietarioId: userId,
        pagoStatus: false,
        fechaPago: null,
        destacado: false,
        rating: 0,
      })
      .returning();
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
  userId: string,
  id: number,
  values: ComercioValues,
  promos: PromocionValues[] | undefined,
  now: Date,
): Promise<{ saved: ComercioEditable; change: ComercioChange }> {
  return db.transaction(async (tx) => {
    const before = await lockOwned(tx, userId, id);
    const oldPromos = await tx.select().from(promociones).where(eq(promociones.comercioId, id));
    await assertImagesExist(tx, imageIdsOf(values, promos));
    const [row] = await tx
      .update(comercios)
      .set({ ...ownerColumns(values), updatedAt: sql`now()` })
      .where(eq(comercios.id, id))
      .returning();
    const saved = promos ? await replacePromociones(tx, id, promos) : oldPromos;
    await deleteUnreferencedImages(tx, imageIdsOf(before, promos ? oldPromos : []));
    return {
      saved: {
        ...toComercio(row!),
        promociones: saved
          .map(toPromocion)
          .sort((a, b) => a.fechaVencimiento.localeCompare(b.fechaVencimiento) || a.id - b.id),
      },
      change: {
        id,
        before: snapshotOf(before, now),
        after: snapshotOf(row!, now),
        comercio: true,
        promociones: Boolean(promos),
      },
    };
  });
}

/** Replaces the whole promotion list in one transaction (the spec's original could lose promotions). */
export async function savePromociones(db: Db, userId: string, id: number, promos: PromocionValues[], now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, userId, id);
    const oldPromos = await tx.select().from(promociones).where(eq(promociones.comercioId, id));
    await assertImagesExist(tx, imageIdsOf({ imagen: null }, promos));
    const saved = await replacePromociones(tx, id, promos);
    await deleteUnreferencedImages(tx, imageIdsOf({ imagen: null }, oldPromos));
    const snapshot = snapshotOf(row, now);
    const change: ComercioChange = { id, before: snapshot, after: snapshot, comercio: false, promociones: true };
    return { items: saved.map(toPromocion), change };
  });
}

/**
 * Deletes a business with its promotions and the images nothing else uses, together. Returns what the public lost.
 * Refused while a payment for it is in flight: the approval would find no business to publish (ADR 005).
 * The row lock serialises this with processOrder, which takes the same lock before recording an attempt.
 */
export async function deleteComercio(db: Db, userId: string, id: number, now: Date): Promise<ComercioChange> {
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, userId, id);
    const [paying] = await tx
      .select({ id: pagos.id })
      .from(pagos)
      .where(and(eq(pagos.comercioId, id), inArray(pagos.status, IN_FLIGHT)))
      .limit(1);
    if (paying) throw new AppError(409, 'payment_in_progress', DELETE_WHILE_PAYING);
    const promos = await tx.select().from(promociones).where(eq(promociones.comercioId, id));
    await tx.delete(comercios).where(eq(comercios.id, id)); // promociones go with it (ON DELETE CASCADE)
    await deleteUnreferencedImages(tx, imageIdsOf(row, promos));
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
