import { beforeAll, describe, expect, it } from 'vitest';
import { pagos } from '#server/db/schema';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { operatorSuite } from './testing';

describe.each(DATABASE_KINDS)('the overview numbers on %s', (kind) => {
  // 15:00 in Mendoza on 20 November.
  const now = new Date('2026-11-20T18:00:00Z');
  const s = operatorSuite(kind, { app: { now } });
  const { call, operator } = s;

  beforeAll(async () => {
    await insertComercio(s.database.db, now, { nombre: 'Recién pagado', pagadoHaceDias: 1 });
    await insertComercio(s.database.db, now, { nombre: 'Por vencer', pagadoHaceDias: 25 });
    await insertComercio(s.database.db, now, { nombre: 'Vencido', pagadoHaceDias: 31 });
    await insertComercio(s.database.db, now, { nombre: 'Borrador', pagadoHaceDias: null });
    const base = { externalReference: 'comercio_1', provider: 'sandbox', amount: '450', currency: 'ARS' };
    await s.database.db.insert(pagos).values([
      { ...base, idempotencyKey: 'a', status: 'processed', appliedAt: new Date('2026-11-19T12:00:00Z') },
      { ...base, idempotencyKey: 'b', status: 'processed', appliedAt: new Date('2026-11-20T02:00:00Z') },
      { ...base, idempotencyKey: 'c', status: 'failed' },
      { ...base, idempotencyKey: 'd', status: 'refunded', appliedAt: new Date('2026-11-19T12:00:00Z') },
    ]);
  });

  it('counts what is published, revenue per Mendoza day from processed payments, and what ends within 7 days', async () => {
    const res = await call('GET', '/api/operador/resumen?dias=30', operator.cookie);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.publicadosAhora).toBe(2);
    expect(r.porDia).toHaveLength(30);
    expect(r.porDia.at(-1).dia).toBe('2026-11-20');
    // 02:00 UTC on the 20th is 23:00 on the 19th in Mendoza: both processed payments land on the 19th.
    expect(r.porDia.find((d: { dia: string }) => d.dia === '2026-11-19').ingresos).toBe(900);
    expect(r.ingresosPorMes).toEqual([{ mes: '2026-11', ingresos: 900 }]);
    expect(r.pagosPorEstado).toEqual(
      expect.arrayContaining([
        { status: 'processed', cantidad: 2 },
        { status: 'failed', cantidad: 1 },
        { status: 'refunded', cantidad: 1 },
      ]),
    );
    expect(r.vencenPronto.map((v: { nombre: string }) => v.nombre)).toEqual(['Por vencer']);
    expect((await call('GET', '/api/operador/resumen?dias=7', operator.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/operador/resumen?dias=90', operator.cookie)).json().porDia).toHaveLength(90);
  });

  it('lists accounts with their businesses count', async () => {
    const res = await call('GET', '/api/operador/cuentas?q=OPERA', operator.cookie);
    expect(res.json().items).toEqual([
      expect.objectContaining({ email: 'opera@example.com', role: 'operator', comercios: 0 }),
    ]);
  });
});
