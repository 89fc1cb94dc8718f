import { and, arrayContains, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ComercioCard, ComercioDetalle, Page } from '../../shared/api';
import { COMERCIO_PAGE_SIZE } from '../../shared/constants';
import { isPublished } from '../../shared/rules/publication';
import type { ComercioListQuery } from '../../shared/schemas/queries';
import { compareEs } from '../../shared/text';
import { queryRows, type Db } from '../db/client';
import { comercios, promociones } from '../db/schema';
import { notFound } from '../http/errors';
import { toComercio, toComercioCard, toPromocion } from './mapper';
import { containsPattern, publishedWhere, visiblePromotionWhere } from './published';

/** Cards carry a short description: the grid shows two lines, the detail the whole text. */
const CARD_DESCRIPTION_CHARS = 180;

/** One page of published businesses matching every given filter; the database does the matching. */
export async function listPublishedComercios(db: Db, query: ComercioListQuery, now: Date): Promise<Page<ComercioCard>> {
  const filters: SQL[] = [publishedWhere(now)];
  if (query.q) filters.push(sql`${comercios.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.categoria) filters.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) filters.push(eq(comercios.localidad, query.localidad));

  const rows = await db
    .select({
      id: comercios.id,
      nombre: comercios.nombre,
      categoria: comercios.categoria,
      descripcion: sql<string>`left(${comercios.descripcion}, ${CARD_DESCRIPTION_CHARS})`,
      rating: comercios.rating,
      imagen: comercios.imagen,
      horario: comercios.horario,
      distancia: comercios.distancia,
      localidad: comercios.localidad,
      destacado: comercios.destacado,
    })
    .from(comercios)
    .where(and(...filters))
    .orderBy(desc(comercios.destacado), asc(comercios.sortName), asc(comercios.id))
    .limit(COMERCIO_PAGE_SIZE + 1)
    .offset((query.page - 1) * COMERCIO_PAGE_SIZE);

  return {
    items: rows.slice(0, COMERCIO_PAGE_SIZE).map(toComercioCard),
    page: query.page,
    hasMore: rows.length > COMERCIO_PAGE_SIZE,
  };
}

/** Every category of a published business, each once, in Spanish alphabetical order. */
export async function listPublishedCategorias(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ categoria: string }>(
    db,
    sql`SELECT DISTINCT unnest(${comercios.categorias}) AS categoria FROM ${comercios} WHERE ${publishedWhere(now)}`,
  );
  return rows.map((r) => r.categoria).sort(compareEs);
}

/**
 * A business's public page. Hidden businesses do not exist for anyone but their owner, who may preview
 * them (without promotions, as the spec's "Promociones no disponibles" state shows).
 */
export async function getComercioDetalle(db: Db, id: number, viewerId: string | null, now: Date): Promise<ComercioDetalle> {
  const [row] = await db.select().from(comercios).where(eq(comercios.id, id)).limit(1);
  if (!row) throw notFound('No encontramos este comercio.');
  const publicado = isPublished(row, now);
  const esPropio = viewerId !== null && row.propietarioId === viewerId;
  if (!publicado && !esPropio) throw notFound('No encontramos este comercio.');

  const promos = publicado
    ? await db
        .select()
        .from(promociones)
        .where(and(eq(promociones.comercioId, id), visiblePromotionWhere(now)))
        .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    : [];
  return { ...toComercio(row), publicado, esPropio, promociones: promos.map(toPromocion) };
}
