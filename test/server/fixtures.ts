import { splitCategorias } from '#shared/categorias';
import { DIAS } from '#shared/constants';
import type { HorarioDetallado } from '#shared/api';
import { addDays } from '#shared/rules/dates';
import type { Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';

export const WEEK_HOURS = Object.fromEntries(
  DIAS.map((d) => [d, d === 'Domingo' ? 'Cerrado' : '9:00 - 13:00, 17:00 - 21:00']),
) as HorarioDetallado;

/** The smallest body POST /api/comercios accepts (required fields only); tests spread their change over it. */
export const MINIMAL_COMERCIO_BODY = {
  nombre: 'Kiosco Luz',
  categorias: ['Kiosco'],
  telefono: '261 400-0000',
  direccion: 'Perú 1',
  localidad: 'Capital',
};

/** The smallest promotion PUT /api/comercios/:id/promociones accepts. */
export const MINIMAL_PROMO_BODY = { titulo: '2x1', descuento: '50%', fechaVencimiento: '2099-12-31' };

export interface ComercioFixture {
  nombre?: string;
  categoria?: string;
  descripcion?: string;
  localidad?: string;
  /** Days since payment; null = never paid. */
  pagadoHaceDias?: number | null;
  propietarioId?: string | null;
  destacado?: boolean;
  imagen?: string | null;
  servicios?: string[];
  /** The map pin; none by default, as a business registered before maps existed. */
  ubicacion?: { lat: number; lng: number };
  /** The per-day hours; WEEK_HOURS by default. */
  horarioDetallado?: HorarioDetallado;
}

/** Inserts a business straight into the database (the way the app stores it) and returns its id. */
export async function insertComercio(db: Db, now: Date, f: ComercioFixture = {}): Promise<number> {
  const categoria = f.categoria ?? 'Almacén';
  const paid = f.pagadoHaceDias === undefined ? 1 : f.pagadoHaceDias;
  const [row] = await db
    .insert(comercios)
    .values({
      nombre: f.nombre ?? 'Comercio de prueba',
      categoria,
      categorias: splitCategorias(categoria),
      descripcion: f.descripcion ?? 'Un comercio del barrio.',
      direccion: 'Av. San Martín 1234',
      telefono: '261 412-3456',
      localidad: f.localidad ?? 'Capital',
      horarioDetallado: f.horarioDetallado ?? WEEK_HOURS,
      pagoStatus: paid !== null,
      fechaPago: paid === null ? null : addDays(now, -paid),
      propietarioId: f.propietarioId ?? null,
      destacado: f.destacado ?? false,
      imagen: f.imagen ?? null,
      servicios: f.servicios ?? [],
      lat: f.ubicacion?.lat ?? null,
      lng: f.ubicacion?.lng ?? null,
    })
    .returning({ id: comercios.id });
  return row!.id;
}

export async function insertPromocion(
  db: Db,
  comercioId: number,
  p: { titulo?: string; descripcion?: string; fechaVencimiento: string; activa?: boolean; descuento?: string },
): Promise<number> {
  const [row] = await db
    .insert(promociones)
    .values({
      comercioId,
      titulo: p.titulo ?? 'Promo',
      descripcion: p.descripcion ?? 'Descripción de la promo',
      descuento: p.descuento ?? '20%',
      fechaVencimiento: p.fechaVencimiento,
      activa: p.activa ?? true,
    })
    .returning({ id: promociones.id });
  return row!.id;
}
