import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Comercio, ComercioEditable } from '#shared/api';
import { IN_FLIGHT_STATUSES } from '#shared/pagos';
import type { ComercioValues } from '#shared/schemas/comercio';
import type { PromocionValues } from '#shared/schemas/promocion';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, imagenes, pagos, promociones } from '#server/db/schema';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { deleteUnreferencedImages } from '#server/imagenes/store';
import { recordAudit, type Actor } from '#server/operador/audit';
import { ACCOUNT_SUSPENDED, lockActiveAccount } from '#server/operador/suspension';
import { changedFields, promocionesChanged } from './history';
import { planPromociones, readForEdit, writeEdit, type EditRead, type PromocionesPlan } from './owner-edit';
import { PROMO_VENCIDA_AL_GUARDAR, vencidaAlGuardar } from '#shared/rules/promocion-guardado';
import { toComercio, toPromocion } from './mapper';
import { editRevision } from './edit-revision';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const NOT_YOURS = 'Solo el dueño del comercio puede hacer esto.';
export const EDIT_CONFLICT =
  'Este comercio cambió desde que abriste el formulario (quizás en otra pestaña o en otro dispositivo). Para no pisar esos cambios no guardamos los tuyos: siguen en el formulario. Copiá lo que necesites, recargá la página y volvé a cargarlo.';
export const DELETE_WHILE_PAYING =
  'No podés eliminar este comercio mientras su pago está en proceso. Esperá a que se acredite o se rechace (suele tardar unos segundos) y volvé a intentar.';

type ComercioInsert = typeof comercios.$inferInsert;
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

/** Locks the row for the rest of the transaction and checks who owns it (an owner who is not suspended). */
async function lockOwned(tx: Tx, userId: string, id: number) {
  await lockActiveAccount(tx, userId);
  const [row] = await tx.select().from(comercios).where(eq(comercios.id, id)).for('update');
  if (!row) throw notFound('No encontramos este comercio.');
  if (row.propietarioId !== userId) throw new AppError(403, 'forbidden', NOT_YOURS);
  return row;
}

const byExpiry = (a: { fechaVencimiento: string; id: number }, b: { fechaVencimiento: string; id: number }) =>
  a.fechaVencimiento.localeCompare(b.fechaVencimiento) || a.id - b.id;

/** New businesses always start unpublished and belong to whoever is signed in (spec §4, §6). */
export async function createComercio(db: Db, owner: Actor & { id: string }, values: ComercioValues): Promise<Comercio> {
  return db.transaction(async (tx) => {
    // A business created after its owner's suspension would not be hidden by it.
    await lockActiveAccount(tx, owner.id);
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

/** Optimistic attempts before a save takes the row lock (another write to the same business between read and write). */
const OPTIMISTIC_ATTEMPTS = 3;

/** A new promotion, or one whose expiry changed, may not be saved already expired (src/shared/rules/promocion-guardado.ts). */
function assertNoneExpiredOnSave(plan: PromocionesPlan, now: Date): void {
  const checked = [
    ...plan.fresh.map((columns) => ({ columns, stored: undefined })),
    ...plan.edited.map(({ row, columns }) => ({ columns, stored: row.fechaVencimiento })),
  ];
  const vencida = checked.find(({ columns, stored }) => vencidaAlGuardar(columns.fechaVencimiento, stored, now));
  if (vencida)
    throw badRequest(
      `Revisá la promoción «${vencida.columns.titulo}»: ${PROMO_VENCIDA_AL_GUARDAR}`,
      'promocion_vencida',
    );
}

/**
 * One owner save of a business and/or its whole promotion list (ADR 008, amended): read, then one statement that
 * applies the change only if the business is still as read (owner-edit.ts). If it is not, the save is worked out
 * again from a fresh read; after a few such races it holds the row lock, where nobody can get in between.
 * `firstRead` is that read already under way (started with the session lookup, see `earlyEditRead`).
 */
async function saveOwned(
  db: Db,
  owner: Actor & { id: string },
  id: number,
  values: ComercioValues | undefined,
  promos: PromocionValues[] | undefined,
  now: Date,
  firstRead?: Promise<EditRead | null>,
  revision?: string,
) {
  for (let attempt = 1; ; attempt++) {
    const read = attempt === 1 && firstRead ? firstRead : undefined;
    const saved =
      attempt <= OPTIMISTIC_ATTEMPTS
        ? await attemptSave(db, owner, id, values, promos, now, read, revision)
        : await db.transaction(async (tx) => {
            await lockOwned(tx, owner.id, id);
            return attemptSave(tx, owner, id, values, promos, now, undefined, revision);
          });
    if (saved) return saved;
    if (attempt > OPTIMISTIC_ATTEMPTS) throw new Error(`comercio ${id} changed while its row was locked`);
  }
}

async function attemptSave(
  db: Db | Tx,
  owner: Actor & { id: string },
  id: number,
  values: ComercioValues | undefined,
  promos: PromocionValues[] | undefined,
  now: Date,
  started?: Promise<EditRead | null>,
  revision?: string,
) {
  const read = await (started ?? readForEdit(db, id));
  if (!read) throw notFound('No encontramos este comercio.');
  const { row: before, promos: oldPromos } = read;
  if (before.propietarioId !== owner.id) throw new AppError(403, 'forbidden', NOT_YOURS);
  // Read with the business: a suspension gives every business of the account a new row version, so a save read
  // before it fails its version check and comes back here, where the suspension is seen.
  if (read.ownerSuspended) throw new AppError(403, 'account_suspended', ACCOUNT_SUSPENDED);
  // Saved elsewhere since this form opened: applying it would quietly undo that save (a stranger's round found a
  // second tab deleting the first tab's new promotion).
  if (revision !== undefined && editRevision(before, oldPromos) !== revision)
    throw new AppError(409, 'edit_conflict', EDIT_CONFLICT);
  // The business's own images count in both when only its promotions are saved: they stay in use.
  const held = imageIdsOf(before, oldPromos);
  const wanted = imageIdsOf(values ?? before, promos ?? oldPromos);
  const columns = values ? ownerColumns(values) : {};
  const plan = promos ? planPromociones(oldPromos, promos) : undefined;
  if (plan) assertNoneExpiredOnSave(plan, now);
  // The history row: only when something changed (an identical save writes none).
  const fields = values ? changedFields(before, columns) : null;
  // `agregadas` is only filled in by the statement (the new ids), so new promotions are counted here.
  const promosChanged = Boolean(plan && (plan.fresh.length > 0 || promocionesChanged(plan.cambios)));
  const audit =
    fields || promosChanged
      ? {
          action: values ? 'editar_comercio' : 'editar_promociones',
          before: values ? (fields?.before ?? {}) : null,
          after: { ...fields?.after, ...(promosChanged ? { promociones: plan!.cambios } : {}) },
          promociones: promosChanged,
        }
      : null;
  const result = await writeEdit(db, {
    id,
    version: read.version,
    owner,
    columns,
    newImages: wanted.filter((img) => !held.includes(img)),
    dropped: held.filter((img) => !wanted.includes(img)),
    promos: plan,
    audit,
  });
  if (!result) return null;
  if ('missing' in result)
    throw badRequest('Una de las imágenes ya no está disponible. Volvé a subirla.', 'image_missing');
  const saved = plan ? [...plan.kept, ...result.written] : oldPromos;
  return {
    row: result.row,
    items: saved.map(toPromocion).sort(byExpiry),
    revision: editRevision(result.row, saved),
    change: {
      id,
      before: snapshotOf(before, now, oldPromos),
      after: snapshotOf(result.row, now, saved),
      comercio: Boolean(values),
      promociones: Boolean(promos),
    } satisfies ComercioChange,
  };
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
  firstRead?: Promise<EditRead | null>,
  revision?: string,
): Promise<{ saved: ComercioEditable; change: ComercioChange }> {
  const {
    row,
    items,
    change,
    revision: next,
  } = await saveOwned(db, owner, id, values, promos, now, firstRead, revision);
  return { saved: { ...toComercio(row), promociones: items, revision: next }, change };
}

/** Saves the whole promotion list at once (the spec's original could lose promotions), ids kept. */
export async function savePromociones(
  db: Db,
  owner: Actor & { id: string },
  id: number,
  promos: PromocionValues[],
  now: Date,
  firstRead?: Promise<EditRead | null>,
) {
  const { items, change } = await saveOwned(db, owner, id, undefined, promos, now, firstRead);
  return { items, change };
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
  return { ...toComercio(row), promociones: promos.map(toPromocion), revision: editRevision(row, promos) };
}
