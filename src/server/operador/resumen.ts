import { sql } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import type { Resumen } from '#shared/operador';
import { addDays, mendozaDate } from '#shared/rules/dates';
import { publishedWhere } from '#server/comercios/published';
import { queryRows, type Db } from '#server/db/client';

const TZ = 'America/Argentina/Mendoza';

/** Every calendar day from `from` to `to` (YYYY-MM-DD, inclusive), so quiet days show as zero. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T12:00:00Z`); mendozaDate(d) <= to; d = addDays(d, 1))
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/** The overview: what is published now, and what happened per day over the last `dias` days. */
export async function resumen(db: Db, dias: number, now: Date): Promise<Resumen> {
  const today = mendozaDate(now);
  const first = mendozaDate(addDays(now, -(dias - 1)));
  const day = (column: string) => sql.raw(`(${column} AT TIME ZONE '${TZ}')::date`);
  const count = async (q: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number | string }>(db, q))[0]?.n ?? 0);

  const publicadosAhora = await count(sql`SELECT count(*) AS n FROM comercios WHERE ${publishedWhere(now)}`);
  const denunciasPendientes = await count(sql`SELECT count(*) AS n FROM denuncias WHERE estado = 'pendiente'`);
  const perDay = async (q: ReturnType<typeof sql>) =>
    new Map(
      (await queryRows<{ dia: string; n: number | string }>(db, q)).map((r) => [
        String(r.dia).slice(0, 10),
        Number(r.n),
      ]),
    );
  const cuentas = await perDay(
    sql`SELECT ${day('created_at')}::text AS dia, count(*) AS n FROM "user" WHERE ${day('created_at')} >= ${first}::date GROUP BY 1`,
  );
  const comercios = await perDay(
    sql`SELECT ${day('created_at')}::text AS dia, count(*) AS n FROM comercios WHERE ${day('created_at')} >= ${first}::date GROUP BY 1`,
  );
  // Revenue is what was charged and kept: processed payments, on the day they were applied (refunds leave it).
  const paidAt = 'coalesce(applied_at, updated_at)';
  const ingresos = await perDay(
    sql`SELECT ${day(paidAt)}::text AS dia, sum(amount::numeric) AS n FROM pagos
        WHERE status = 'processed' AND ${day(paidAt)} >= ${first}::date GROUP BY 1`,
  );
  const meses = await queryRows<{ mes: string; n: number | string }>(
    db,
    sql`SELECT to_char(${day(paidAt)}, 'YYYY-MM') AS mes, sum(amount::numeric) AS n FROM pagos
        WHERE status = 'processed' AND ${day(paidAt)} >= date_trunc('month', ${first}::date) GROUP BY 1 ORDER BY 1`,
  );
  const estados = await queryRows<{ status: string; n: number | string }>(
    db,
    sql`SELECT status, count(*) AS n FROM pagos WHERE ${day('created_at')} >= ${first}::date GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  // Published now and ending within 7 days: fecha_pago + 30 days falls before now + 7 days.
  const until = addDays(now, 7 - PUBLICATION_DAYS).toISOString();
  const vencen = await queryRows<{ id: number; nombre: string; fecha_pago: Date | string }>(
    db,
    sql`SELECT id, nombre, fecha_pago FROM comercios WHERE ${publishedWhere(now)} AND fecha_pago <= ${until}::timestamptz
        ORDER BY fecha_pago, id LIMIT 100`,
  );
  return {
    dias,
    publicadosAhora,
    denunciasPendientes,
    porDia: daysBetween(first, today).map((dia) => ({
      dia,
      cuentas: cuentas.get(dia) ?? 0,
      comercios: comercios.get(dia) ?? 0,
      ingresos: ingresos.get(dia) ?? 0,
    })),
    ingresosPorMes: meses.map((m) => ({ mes: m.mes, ingresos: Number(m.n) })),
    pagosPorEstado: estados.map((e) => ({ status: e.status, cantidad: Number(e.n) })),
    vencenPronto: vencen.map((v) => ({
      id: v.id,
      nombre: v.nombre,
      vence: addDays(new Date(v.fecha_pago), PUBLICATION_DAYS).toISOString(),
    })),
  };
}
