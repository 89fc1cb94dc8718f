import { beforeAll, describe, expect, it } from 'vitest';
import { auditRows, operatorSuite } from '#server/operador/testing';
import { TEST_ORIGIN } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('reports ("Denunciar") on %s', (kind) => {
  const s = operatorSuite(kind, { app: { env: { REPORT_LIMIT_PER_HOUR: '3' } } });
  const { call, operator } = s;

  let bar = 0;
  let promo = 0;
  let kiosco = 0;
  let borrador = 0;

  beforeAll(async () => {
    const now = new Date();
    bar = await insertComercio(s.database.db, now, { nombre: 'Bar Trucho' });
    promo = await insertPromocion(s.database.db, bar, { titulo: 'Cerveza gratis', fechaVencimiento: future(3) });
    kiosco = await insertComercio(s.database.db, now, { nombre: 'Kiosco Honesto' });
    borrador = await insertComercio(s.database.db, now, { nombre: 'Borrador', pagadoHaceDias: null });
  });

  /** A guest's report, from a given address (the limit counts per address). */
  const report = (payload: object, address = '203.0.113.1') =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/denuncias',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: address,
      payload,
    });

  it('takes a guest report on a business or its promotion and shows it in the operators queue', async () => {
    const first = await report({ comercioId: bar, motivo: 'informacion_falsa', detalle: 'No existe esa dirección.' });
    expect(first.statusCode).toBe(201);
    expect(first.json().mensaje).toBe('Gracias por avisarnos. Vamos a revisar tu denuncia.');
    const second = await report({ comercioId: bar, promocionId: promo, motivo: 'contenido_ofensivo' });
    expect(second.statusCode).toBe(201);

    const queue = (await call('GET', '/api/operador/denuncias', operator.cookie)).json();
    expect(queue.items).toMatchObject([
      {
        comercioId: bar,
        comercioNombre: 'Bar Trucho',
        motivo: 'informacion_falsa',
        detalle: 'No existe esa dirección.',
      },
      { comercioId: bar, promocionId: promo, promocionTitulo: 'Cerveza gratis', motivo: 'contenido_ofensivo' },
    ]);
    expect(queue.items[0].estado).toBe('pendiente');
  });

  it('refuses what the public cannot see and bad input, in Spanish', async () => {
    const address = '203.0.113.2';
    expect((await report({ comercioId: borrador, motivo: 'otro' }, address)).statusCode).toBe(404);
    const otherPromo = await report({ comercioId: kiosco, promocionId: promo, motivo: 'otro' }, '203.0.113.3');
    expect(otherPromo.json().error.message).toBe('No encontramos esta promoción.');
    const bad = await report({ comercioId: kiosco, motivo: 'me cae mal' }, '203.0.113.4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Elegí un motivo.');
  });

  it('limits reports per address, in the shared s.database', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 3; i++)
      expect((await report({ comercioId: kiosco, motivo: 'otro' }, address)).statusCode).toBe(201);
    const limited = await report({ comercioId: kiosco, motivo: 'otro' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Recibimos muchas denuncias desde tu conexión. Esperá un rato y volvé a intentar.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report({ comercioId: kiosco, motivo: 'otro' }, '198.51.100.8')).statusCode).toBe(201);
  });

  it('lets an operator dismiss a report with a note (one audit row)', async () => {
    const queue = (await call('GET', '/api/operador/denuncias', operator.cookie)).json();
    const target = queue.items.find((d: { comercioId: number }) => d.comercioId === kiosco);
    const audits = (await auditRows(s.database.db)).length;
    const res = await call('POST', `/api/operador/denuncias/${target.id}/resolver`, operator.cookie, {
      accion: 'descartar',
      nota: 'El comercio existe, lo verificamos.',
    });
    expect(res.statusCode).toBe(200);
    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'descartar_denuncia', targetId: String(target.id) });
    const again = await call('POST', `/api/operador/denuncias/${target.id}/resolver`, operator.cookie, {
      accion: 'descartar',
      nota: 'Otra vez.',
    });
    expect(again.statusCode).toBe(409);
    const dismissed = (await call('GET', '/api/operador/denuncias?estado=descartada', operator.cookie)).json();
    expect(dismissed.items[0]).toMatchObject({ id: target.id, nota: 'El comercio existe, lo verificamos.' });
  });

  it('hides the business from a report, answering all its pending reports with one audit row', async () => {
    const queue = (await call('GET', '/api/operador/denuncias', operator.cookie)).json();
    const target = queue.items.find((d: { comercioId: number }) => d.comercioId === bar);
    const audits = (await auditRows(s.database.db)).length;
    const res = await call('POST', `/api/operador/denuncias/${target.id}/resolver`, operator.cookie, {
      accion: 'ocultar',
      nota: 'Promociones falsas',
    });
    expect(res.statusCode).toBe(200);
    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'ocultar_comercio', targetId: String(bar), reason: 'Promociones falsas' });
    expect((rows[0]!.after as { denuncias: number[] }).denuncias).toHaveLength(2);
    const pending = (await call('GET', '/api/operador/denuncias', operator.cookie)).json();
    expect(pending.items.filter((d: { comercioId: number }) => d.comercioId === bar)).toEqual([]);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/comercios/${bar}` })).statusCode).toBe(404);
    // Hidden: no longer reportable.
    expect((await report({ comercioId: bar, motivo: 'otro' }, '192.0.2.9')).statusCode).toBe(404);
  });
});
