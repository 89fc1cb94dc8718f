import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { denunciaSchema } from '#shared/denuncias';
import { publishedWhere, visiblePromotionWhere } from '#server/comercios/published';
import type { Db } from '#server/db/client';
import { comercios, denuncias, opiniones, promociones } from '#server/db/schema';
import { badRequest, notFound } from '#server/http/errors';

export const DENUNCIA_PROPIA = 'Esta opinión es tuya: si querés cambiarla o borrarla, tocá Opinar.';

/**
 * Records a visitor's report. Only what the public can see can be reported: a business that is published
 * now, and a promotion of it that is visible. A signed-in reporter (`reporterId`) cannot report their own opinion:
 * it would only ask the operators to hide what its author can edit or delete.
 */
export async function createDenuncia(
  db: Db,
  body: z.output<typeof denunciaSchema>,
  now: Date,
  reporterId: string | null = null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [comercio] = await tx
      .select({ id: comercios.id })
      .from(comercios)
      .where(and(eq(comercios.id, body.comercioId), publishedWhere(now)));
    if (!comercio) throw notFound('No encontramos este comercio.');
    if (body.promocionId !== undefined) {
      const [promo] = await tx
        .select({ id: promociones.id })
        .from(promociones)
        .where(
          and(
            eq(promociones.id, body.promocionId),
            eq(promociones.comercioId, body.comercioId),
            visiblePromotionWhere(now),
          ),
        );
      if (!promo) throw notFound('No encontramos esta promoción.');
    }
    if (body.opinionId !== undefined) {
      const [opinion] = await tx
        .select({ id: opiniones.id, userId: opiniones.userId })
        .from(opiniones)
        .where(
          and(eq(opiniones.id, body.opinionId), eq(opiniones.comercioId, body.comercioId), isNull(opiniones.ocultoAt)),
        );
      if (!opinion) throw notFound('No encontramos esta opinión.');
      if (reporterId !== null && opinion.userId === reporterId) throw badRequest(DENUNCIA_PROPIA, 'own_opinion');
    }
    const [row] = await tx
      .insert(denuncias)
      .values({
        comercioId: body.comercioId,
        promocionId: body.promocionId ?? null,
        opinionId: body.opinionId ?? null,
        motivo: body.motivo,
        detalle: body.detalle,
      })
      .returning({ id: denuncias.id });
    return row!.id;
  });
}
