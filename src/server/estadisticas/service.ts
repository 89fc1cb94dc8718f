import { and, asc, eq, gte, sql } from 'drizzle-orm';
import {
  CONTADORES,
  emptyContadores,
  ESTADISTICAS_DIAS,
  type Contadores,
  type EstadisticaDia,
  type Estadisticas,
} from '#shared/estadisticas';
import { addDays, mendozaDate } from '#shared/rules/dates';
import type { Db } from '#server/db/client';
import { comercios, estadisticas } from '#server/db/schema';
import { notFound } from '#server/http/errors';

function add(into: Contadores, from: Contadores): void {
  for (const k of CONTADORES) into[k] += from[k];
}

/** The owner's statistics of one business: the last 30 Mendoza days and the totals since it was published. */
export async function estadisticasDeComercio(
  db: Db,
  userId: string,
  comercioId: number,
  now: Date,
): Promise<Estadisticas> {
  const [comercio] = await db
    .select({ owner: comercios.propietarioId })
    .from(comercios)
    .where(eq(comercios.id, comercioId));
  if (!comercio || comercio.owner !== userId) throw notFound('No encontramos este comercio.');
  const days = Array.from({ length: ESTADISTICAS_DIAS }, (_, i) =>
    mendozaDate(addDays(now, i - ESTADISTICAS_DIAS + 1)),
  );
  const rows = await db
    .select()
    .from(estadisticas)
    .where(and(eq(estadisticas.comercioId, comercioId), gte(estadisticas.dia, days[0]!)))
    .orderBy(asc(estadisticas.dia));
  const byDay = new Map(rows.map((r) => [r.dia, r]));
  const dias: EstadisticaDia[] = days.map((dia) => {
    const r = byDay.get(dia);
    return { dia, ...emptyContadores(), ...(r && pick(r)) };
  });
  const total30 = emptyContadores();
  for (const d of dias) add(total30, d);
  const [all] = await db
    .select({
      visitas: sql<number>`coalesce(sum(${estadisticas.visitas}), 0)::int`,
      whatsapp: sql<number>`coalesce(sum(${estadisticas.whatsapp}), 0)::int`,
      llamadas: sql<number>`coalesce(sum(${estadisticas.llamadas}), 0)::int`,
      comoLlegar: sql<number>`coalesce(sum(${estadisticas.comoLlegar}), 0)::int`,
      compartidos: sql<number>`coalesce(sum(${estadisticas.compartidos}), 0)::int`,
    })
    .from(estadisticas)
    .where(eq(estadisticas.comercioId, comercioId));
  return { dias, total30, totalHistorico: all ? pick(all) : emptyContadores() };
}

function pick(r: Contadores): Contadores {
  return {
    visitas: Number(r.visitas),
    whatsapp: Number(r.whatsapp),
    llamadas: Number(r.llamadas),
    comoLlegar: Number(r.comoLlegar),
    compartidos: Number(r.compartidos),
  };
}
