import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PromocionesCambios } from '#shared/operador';
import { diasToMask } from '#shared/rules/promocion-dias';
import type { PromocionValues } from '#shared/schemas/promocion';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import type { Actor } from '#server/operador/audit';

/**
 * An owner's save in two statements and no transaction (ADR 008, amended): one read of the business with its
 * promotions and row version, then one data-modifying statement that updates the business only if that version
 * is still current and, gated on that update, syncs the promotions, deletes images nothing uses any more and
 * writes the history row. One statement is atomic, so the history row still commits with the change or not at
 * all. Under the realistic mix each round trip waits behind the read traffic, so the edit's latency is about the
 * number of round trips (eight before: session, user, BEGIN, lock, promotions, UPDATE, INSERT, COMMIT).
 *
 * The row version is PostgreSQL's `xmin`: any UPDATE of the business row (payment, moderation, featuring, another
 * save) gives it a new one, and an UPDATE that waited for a concurrent writer re-checks it against the committed
 * row. Promotions are only ever written by these saves (and deleted with their business), which always update the
 * business row, so an unchanged version also means unchanged promotions.
 */

export type Row = typeof comercios.$inferSelect;
export type PromocionRow = typeof promociones.$inferSelect;

/** A row as PostgreSQL's `row_to_json` writes it (column names, JSON types), in drizzle's shape and types. */
function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

export interface EditRead {
  row: Row;
  promos: PromocionRow[];
  version: string;
  /** The business's owner is suspended (owner-service.ts refuses the save). */
  ownerSuspended: boolean;
}

/** The business, its promotions and its row version in one round trip. */
export async function readForEdit(db: Pick<Db, 'execute'>, id: number): Promise<EditRead | null> {
  const [found] = await queryRows<{
    comercio: Record<string, unknown>;
    version: string;
    promociones: Array<Record<string, unknown>>;
    owner_suspended: boolean;
  }>(
    db,
    sql`SELECT row_to_json(c) AS comercio, c.xmin::text AS version,
      (SELECT coalesce(json_agg(p ORDER BY p.id), '[]') FROM promociones p WHERE p.comercio_id = c.id) AS promociones,
      EXISTS (SELECT 1 FROM "user" u WHERE u.id = c.propietario_id AND u.suspended_at IS NOT NULL) AS owner_suspended
    FROM comercios c WHERE c.id = ${id}`,
  );
  if (!found) return null;
  return {
    row: fromJsonRow(comercios, found.comercio),
    promos: found.promociones.map((p) => fromJsonRow(promociones, p)),
    version: found.version,
    ownerSuspended: found.owner_suspended,
  };
}

/** The columns a promotion's values are stored in (weekdays as a bit mask). */
const toColumns = ({ dias, ...p }: Omit<PromocionValues, 'id'>) => ({ ...p, dias: diasToMask(dias) });
type PromocionColumns = ReturnType<typeof toColumns>;

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
const changedKeys = (row: PromocionRow, p: PromocionColumns) =>
  (Object.keys(p) as Array<keyof PromocionColumns>).filter((k) => !sameValue(row[k], p[k]));

export interface PromocionesPlan {
  gone: number[];
  edited: Array<{ row: PromocionRow; columns: PromocionColumns; campos: string[] }>;
  kept: PromocionRow[];
  fresh: PromocionColumns[];
  /** What the save adds, changes and removes, for the history; `agregadas` is filled once the ids exist. */
  cambios: PromocionesCambios;
}

/**
 * How to make the stored list equal to `list`, keeping ids (ADR 013): a listed id of this business is updated in
 * place (only if a value changed), its other promotions are deleted, and anything else is inserted with a new
 * id. An id of another business is never looked up, only treated as new: the client cannot reach others' rows.
 */
export function planPromociones(old: PromocionRow[], list: PromocionValues[]): PromocionesPlan {
  const own = new Map(old.map((row) => [row.id, row]));
  const keptIds = new Set(list.flatMap((p) => (p.id && own.has(p.id) ? [p.id] : [])));
  const goneRows = old.filter((row) => !keptIds.has(row.id));
  const plan: PromocionesPlan = {
    gone: goneRows.map((row) => row.id),
    edited: [],
    kept: [],
    fresh: [],
    cambios: { agregadas: [], editadas: [], eliminadas: goneRows.map(({ id, titulo }) => ({ id, titulo })) },
  };
  for (const { id, ...values } of list) {
    const columns = toColumns(values);
    const row = id ? own.get(id) : undefined;
    const campos = row ? changedKeys(row, columns) : [];
    if (!row) plan.fresh.push(columns);
    else if (!campos.length) plan.kept.push(row);
    else {
      plan.edited.push({ row, columns, campos });
      plan.cambios.editadas.push({ id: row.id, titulo: columns.titulo, campos });
    }
  }
  return plan;
}

export interface EditWrite {
  id: number;
  version: string;
  owner: Actor & { id: string };
  /** The business's columns to write (undefined ones keep their value); updated_at is always set. */
  columns: Partial<typeof comercios.$inferInsert>;
  /** Images the save refers to that the business did not: the update happens only if they all exist. */
  newImages: string[];
  /** Images the save stopped using: deleted unless another business or promotion uses them. */
  dropped: string[];
  promos?: PromocionesPlan;
  /** The history row, if the save changed anything; `promociones` gets the new ids of added promotions. */
  audit: { action: string; before: unknown; after: Record<string, unknown>; promociones: boolean } | null;
}

export interface EditResult {
  row: Row;
  /** The promotions the statement inserted or updated. */
  written: PromocionRow[];
}

const list = (values: Array<string | number>) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The whole save as one statement; null if the business is not as read (or an image is missing: see `missing`). */
export async function writeEdit(db: Db, w: EditWrite): Promise<EditResult | { missing: boolean } | null> {
  const gate = sql`EXISTS (SELECT 1 FROM upd)`;
  const imagesFound = w.newImages.length
    ? sql`(SELECT count(*)::int FROM imagenes WHERE id IN (${list(w.newImages)}))`
    : sql`0`;
  const upd = db
    .update(comercios)
    .set({ ...w.columns, updatedAt: sql`now()` })
    .where(
      and(
        eq(comercios.id, w.id),
        eq(comercios.propietarioId, w.owner.id),
        sql`${comercios}.xmin = ${w.version}::xid`,
        w.newImages.length ? sql`${imagesFound} = ${w.newImages.length}` : undefined,
      ),
    )
    .returning();
  const ctes: SQL[] = [sql`upd AS (${upd.getSQL()})`];
  const written: SQL[] = [];
  const plan = w.promos;
  if (plan?.gone.length)
    ctes.push(
      sql`gone AS (${db
        .delete(promociones)
        .where(and(eq(promociones.comercioId, w.id), inArray(promociones.id, plan.gone), gate))
        .getSQL()})`,
    );
  for (const [i, e] of (plan?.edited ?? []).entries()) {
    const name = sql.raw(`edited_${i}`);
    ctes.push(
      sql`${name} AS (${db
        .update(promociones)
        .set(e.columns)
        .where(and(eq(promociones.id, e.row.id), eq(promociones.comercioId, w.id), gate))
        .returning()
        .getSQL()})`,
    );
    written.push(sql`SELECT row_to_json(${name}) AS j FROM ${name}`);
  }
  if (plan?.fresh.length) {
    ctes.push(sql`ins AS (${insertPromociones(w.id, plan.fresh, gate)})`);
    written.push(sql`SELECT row_to_json(ins) AS j FROM ins`);
  }
  if (w.dropped.length)
    // Not this business's rows: the statement still sees them as they were, and its new ones do not use these.
    ctes.push(sql`dropped AS (DELETE FROM imagenes i WHERE i.id IN (${list(w.dropped)}) AND ${gate}
      AND NOT EXISTS (SELECT 1 FROM comercios c WHERE c.id <> ${w.id} AND (c.imagen = i.id OR i.id = ANY(c.galeria)))
      AND NOT EXISTS (SELECT 1 FROM promociones p WHERE p.comercio_id <> ${w.id} AND (p.imagen = i.id OR p.imagen2 = i.id)))`);
  if (w.audit) {
    let after = sql`${JSON.stringify(w.audit.after)}::jsonb`;
    if (w.audit.promociones && plan?.fresh.length)
      after = sql`jsonb_set(${after}, '{promociones,agregadas}',
        (SELECT jsonb_agg(jsonb_build_object('id', id, 'titulo', titulo) ORDER BY id) FROM ins))`;
    // The owner's history row (ADR 018), in the same statement as the change it describes.
    ctes.push(sql`audit AS (INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, before, after)
      SELECT ${w.owner.id}, ${w.owner.email}, ${w.audit.action}, 'comercio', ${String(w.id)},
        ${JSON.stringify(w.audit.before)}::jsonb, ${after} FROM upd)`);
  }
  const writtenList = written.length
    ? sql`(SELECT coalesce(json_agg(w.j), '[]') FROM (${sql.join(written, sql` UNION ALL `)}) w)`
    : sql`'[]'::json`;
  const [result] = await queryRows<{
    comercio: Record<string, unknown> | null;
    written: Array<Record<string, unknown>>;
    images_found: number;
  }>(
    db,
    sql`WITH ${sql.join(ctes, sql`, `)}
    SELECT (SELECT row_to_json(upd) FROM upd) AS comercio, ${writtenList} AS written, ${imagesFound} AS images_found`,
  );
  if (!result?.comercio)
    return w.newImages.length && result?.images_found !== w.newImages.length ? { missing: true } : null;
  return {
    row: fromJsonRow(comercios, result.comercio),
    written: result.written.map((p) => fromJsonRow(promociones, p)),
  };
}

/** INSERT … SELECT rather than VALUES, so the insert can be gated on the business's update. */
function insertPromociones(comercioId: number, fresh: PromocionColumns[], gate: SQL): SQL {
  const columns = getTableColumns(promociones);
  const keys = Object.keys(fresh[0]!) as Array<keyof PromocionColumns>;
  const names = sql.raw(['comercio_id', ...keys.map((k) => columns[k].name)].map((n) => `"${n}"`).join(', '));
  const rows = fresh.map(
    (p) =>
      sql`(${comercioId}::integer, ${sql.join(
        keys.map((k) => sql`${sql.param(p[k] ?? null, columns[k])}::${sql.raw(columns[k].getSQLType())}`),
        sql`, `,
      )})`,
  );
  return sql`INSERT INTO promociones (${names}) SELECT * FROM (VALUES ${sql.join(rows, sql`, `)}) v WHERE ${gate}
    RETURNING *`;
}
