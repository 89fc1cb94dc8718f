import { and, asc, eq } from 'drizzle-orm';
import { normalizeLocalidad } from '#shared/localidad';
import type { OgComercio } from '#shared/seo/og';
import type { Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { publishedWhere, visiblePromotionWhere } from '#server/comercios/published';

/**
 * What a published business's preview image draws (the same fields ogVersion hashes), or null when the
 * business is unknown, unpaid, expired or hidden: the same rule as its public page.
 */
export async function ogSource(db: Db, id: number, now: Date): Promise<OgComercio | null> {
  const [row] = await db
    .select({
      id: comercios.id,
      nombre: comercios.nombre,
      categoria: comercios.categoria,
      localidad: comercios.localidad,
      imagen: comercios.imagen,
    })
    .from(comercios)
    .where(and(eq(comercios.id, id), publishedWhere(now)))
    .limit(1);
  if (!row) return null;
  const promos = await db
    .select({
      id: promociones.id,
      titulo: promociones.titulo,
      descuento: promociones.descuento,
      fechaVencimiento: promociones.fechaVencimiento,
    })
    .from(promociones)
    .where(and(eq(promociones.comercioId, id), visiblePromotionWhere(now)))
    .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id));
  return { ...row, localidad: normalizeLocalidad(row.localidad), promociones: promos };
}
