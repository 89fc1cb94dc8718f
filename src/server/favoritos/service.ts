import { and, asc, inArray } from 'drizzle-orm';
import type { ComercioCard, PromocionCard } from '#shared/api';
import type { FavoritosQuery } from '#shared/schemas/favoritos';
import type { Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { toComercioCard, toPromocion } from '#server/comercios/mapper';
import { publishedWhere } from '#server/comercios/published';
import { CARD_COLUMNS } from '#server/comercios/public-service';
import { selectVisiblePromociones } from '#server/promociones/public-service';

/**
 * The saved businesses and promotions that the public may see now (published, and for a promotion active and
 * not expired). Anything else is left out: the device knows what it saved and shows it as no longer available,
 * without the server telling a stranger anything about an unpublished business.
 */
export async function listFavoritos(
  db: Db,
  query: FavoritosQuery,
  now: Date,
): Promise<{ comercios: ComercioCard[]; promociones: PromocionCard[] }> {
  const comercioRows = query.comercios.length
    ? await db
        .select(CARD_COLUMNS)
        .from(comercios)
        .where(and(inArray(comercios.id, query.comercios), publishedWhere(now)))
        .orderBy(asc(comercios.sortName), asc(comercios.id))
    : [];
  const promoRows = query.promociones.length
    ? await selectVisiblePromociones(db, now, [inArray(promociones.id, query.promociones)]).orderBy(
        asc(promociones.fechaVencimiento),
        asc(promociones.id),
      )
    : [];
  return {
    comercios: comercioRows.map(toComercioCard),
    promociones: promoRows.map((r) => ({ ...toPromocion(r.promo), comercio: r.comercio })),
  };
}
