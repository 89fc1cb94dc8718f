import { createHash } from 'node:crypto';
import type { comercios, promociones } from '#server/db/schema';

type Row = typeof comercios.$inferSelect;
type PromocionRow = typeof promociones.$inferSelect;

/** What an owner's edit form shows and saves: payment, moderation, rating and counters are not among them. */
const COMERCIO_FIELDS = [
  'nombre',
  'categoria',
  'descripcion',
  'imagen',
  'horario',
  'direccion',
  'telefono',
  'email',
  'whatsapp',
  'servicios',
  'galeria',
  'localidad',
  'lat',
  'lng',
  'horarioDetallado',
] as const satisfies ReadonlyArray<keyof Row>;

const PROMOCION_FIELDS = [
  'id',
  'titulo',
  'descripcion',
  'descuento',
  'fechaVencimiento',
  'imagen',
  'imagen2',
  'activa',
  'dias',
  'desde',
  'mediosPago',
  'medioPagoOtro',
  'tope',
  'compraMinima',
  'condiciones',
] as const satisfies ReadonlyArray<keyof PromocionRow>;

/**
 * The edit form's starting point: a digest of what the form shows of the business and its promotions. A save
 * that carries the one its form opened with is refused when it no longer matches (another tab or device saved in
 * between), instead of silently putting back what that save changed. A payment, a new opinion or an operator's
 * featuring change other columns and leave it as it was: they are no reason to refuse an owner's save.
 */
export function editRevision(row: Row, promos: readonly PromocionRow[]): string {
  const comercio = COMERCIO_FIELDS.map((field) => row[field] ?? null);
  const list = [...promos].sort((a, b) => a.id - b.id).map((p) => PROMOCION_FIELDS.map((field) => p[field] ?? null));
  return createHash('sha256')
    .update(JSON.stringify([comercio, list]))
    .digest('base64url')
    .slice(0, 22);
}
