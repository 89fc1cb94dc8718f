import type { Comercio, ComercioCard, Promocion } from '#shared/api';
import { DIAS } from '#shared/constants';
import { normalizeLocalidad } from '#shared/localidad';
import { MEDIOS_PAGO, maskToDias, type MedioPago } from '#shared/rules/promocion-dias';
import type { comercios, promociones } from '#server/db/schema';

type ComercioRow = typeof comercios.$inferSelect;
type PromocionRow = typeof promociones.$inferSelect;
export type ComercioCardRow = Pick<
  ComercioRow,
  | 'id'
  | 'nombre'
  | 'categoria'
  | 'descripcion'
  | 'rating'
  | 'imagen'
  | 'horario'
  | 'distancia'
  | 'localidad'
  | 'destacado'
  | 'lat'
  | 'lng'
> & { opiniones: number };

export function toComercioCard(row: ComercioCardRow): ComercioCard {
  return {
    id: row.id,
    nombre: row.nombre,
    categoria: row.categoria,
    descripcion: row.descripcion,
    rating: row.rating,
    opiniones: row.opiniones,
    imagen: row.imagen,
    horario: row.horario,
    distancia: row.distancia,
    localidad: normalizeLocalidad(row.localidad),
    destacado: row.destacado,
    lat: row.lat,
    lng: row.lng,
  };
}

/** What toComercio reads of a business's row. */
type ComercioDetalleRow = Pick<
  ComercioRow,
  | Exclude<keyof ComercioCardRow, 'opiniones'>
  | 'opinionesCount'
  | 'direccion'
  | 'telefono'
  | 'email'
  | 'whatsapp'
  | 'servicios'
  | 'galeria'
  | 'horarioDetallado'
  | 'pagoStatus'
  | 'fechaPago'
  | 'ocultoMotivo'
>;

export function toComercio(row: ComercioDetalleRow): Comercio {
  const horario = row.horarioDetallado ?? {};
  return {
    ...toComercioCard({ ...row, opiniones: row.opinionesCount }),
    direccion: row.direccion,
    telefono: row.telefono,
    email: row.email,
    whatsapp: row.whatsapp,
    servicios: row.servicios,
    galeria: row.galeria,
    horarioDetallado: Object.fromEntries(DIAS.map((d) => [d, horario[d] ?? ''])) as Comercio['horarioDetallado'],
    pagoStatus: row.pagoStatus,
    fechaPago: row.fechaPago ? row.fechaPago.toISOString() : null,
    ocultoMotivo: row.ocultoMotivo,
  };
}

const isMedioPago = (m: string): m is MedioPago => (MEDIOS_PAGO as readonly string[]).includes(m);

/** The row without the columns only the server reads (search text, creation time), weekdays as names. */
export function toPromocion({
  searchText: _searchText,
  createdAt: _createdAt,
  dias,
  mediosPago,
  ...promocion
}: PromocionRow): Promocion {
  // Only names of the fixed list were ever written (the schema checks them).
  return { ...promocion, dias: maskToDias(dias), mediosPago: mediosPago.filter(isMedioPago) };
}

/** A promotion as a JSON column gives it (getComercioDetalle): the row without what only the server reads. */
export type PromocionJson = Omit<PromocionRow, 'searchText' | 'createdAt'>;

/** toPromocion() for a promotion read as JSON: the same fields, in the same order. */
export function toPromocionJson({ dias, mediosPago, ...promocion }: PromocionJson): Promocion {
  return { ...promocion, dias: maskToDias(dias), mediosPago: mediosPago.filter(isMedioPago) };
}
