import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresChanges, type PublicChanges } from '#server/cache/invalidation';
import { createTestApp, signUp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, TEST_SERVER_URL, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { sandboxOrderBody } from '#test/server/pagos';
import { auditRows, caller, makeOperator, operatorSuite } from './testing';

const CACHE_ON = { PUBLIC_CACHE_TTL_MS: '600000' };
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every public answer the business "Heladería Polar" is in (all cached before the hide). */
const lists = (id: number) => [
  '/api/comercios',
  '/api/comercios?q=polar',
  '/api/comercios?categoria=Helader%C3%ADa',
  '/api/comercios?localidad=Capital',
  '/api/promociones',
  '/api/promociones/destacadas',
  `/api/comercios/${id}`,
];

async function seeCount(t: TestApp, id: number): Promise<number> {
  let seen = 0;
  for (const url of lists(id)) {
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode === 200 && res.body.includes('Polar')) seen++;
  }
  return seen;
}

describe.each(DATABASE_KINDS)('hiding a business on %s', (kind) => {
  const s = operatorSuite(kind, {
    app: { env: CACHE_ON },
    owner: { email: 'polar@example.com', name: 'Heladería Polar' },
  });
  const { call, owner, operator } = s;

  let id = 0;

  beforeAll(async () => {
    id = await insertComercio(s.database.db, new Date(), {
      nombre: 'Heladería Polar',
      categoria: 'Heladería',
      propietarioId: owner.userId,
      destacado: true,
    });
    await insertPromocion(s.database.db, id, { titulo: 'Polar 2x1', fechaVencimiento: future(5) });
  });

  it('takes it out of every public answer at once, shows the owner why, and writes one audit row', async () => {
    expect(await seeCount(s.t, id)).toBe(lists(id).length);
    const audits = (await auditRows(s.database.db)).length;

    const res = await call('POST', `/api/operador/comercios/${id}/ocultar`, operator.cookie, {
      motivo: 'Fotos que no son del local',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'oculto', ocultoMotivo: 'Fotos que no son del local' });
    expect(await seeCount(s.t, id)).toBe(0);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/comercios/${id}` })).statusCode).toBe(404);

    const mine = await call('GET', '/api/mis-comercios', owner.cookie);
    expect(mine.json().items[0]).toMatchObject({ id, ocultoMotivo: 'Fotos que no son del local' });

    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: operator.userId,
      action: 'ocultar_comercio',
      targetType: 'comercio',
      targetId: String(id),
      reason: 'Fotos que no son del local',
      before: { ocultoMotivo: null, estado: 'publicado' },
      after: { ocultoMotivo: 'Fotos que no son del local', estado: 'oculto' },
    });

    const again = await call('POST', `/api/operador/comercios/${id}/ocultar`, operator.cookie, { motivo: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect((await auditRows(s.database.db)).length).toBe(audits + 1);
  });

  it('refuses to charge a hidden business, in Spanish', async () => {
    await s.database.db.execute(`UPDATE comercios SET pago_status = false, fecha_pago = NULL WHERE id = ${id}`);
    const res = await call('POST', '/api/payments/process_order', owner.cookie, sandboxOrderBody(id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(
      /^Este comercio está oculto por moderación \(Fotos que no son del local\)/,
    );
    await s.database.db.execute(`UPDATE comercios SET pago_status = true, fecha_pago = now() WHERE id = ${id}`);
  });

  it('lists and filters businesses for operators', async () => {
    const hidden = await call('GET', '/api/operador/comercios?estado=oculto', operator.cookie);
    expect(hidden.json().items.map((c: { id: number }) => c.id)).toEqual([id]);
    const byEmail = await call('GET', '/api/operador/comercios?q=POLAR@EXAMPLE', operator.cookie);
    expect(byEmail.json().items[0]).toMatchObject({ id, propietario: { email: 'polar@example.com' } });
    expect((await call('GET', '/api/operador/comercios?estado=publicado', operator.cookie)).json().items).toEqual([]);
    const detail = await call('GET', `/api/operador/comercios/${id}`, operator.cookie);
    expect(detail.json().auditoria[0]).toMatchObject({ action: 'ocultar_comercio' });
    expect((await call('GET', '/api/operador/comercios?estado=nada', operator.cookie)).statusCode).toBe(400);
  });

  it('restores it with a reason, everywhere at once', async () => {
    const noReason = await call('POST', `/api/operador/comercios/${id}/restaurar`, operator.cookie, { motivo: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toMatch(/motivo/);
    const res = await call('POST', `/api/operador/comercios/${id}/restaurar`, operator.cookie, {
      motivo: 'Cambió las fotos',
    });
    expect(res.json()).toMatchObject({ estado: 'publicado', ocultoMotivo: null });
    expect(await seeCount(s.t, id)).toBe(lists(id).length);
    expect((await call('GET', '/api/mis-comercios', owner.cookie)).json().items[0].ocultoMotivo).toBeNull();
    const rows = await auditRows(s.database.db);
    expect(rows.at(-1)).toMatchObject({ action: 'restaurar_comercio', reason: 'Cambió las fotos' });
    expect(
      (await call('POST', `/api/operador/comercios/${id}/restaurar`, operator.cookie, { motivo: 'x y z' })).statusCode,
    ).toBe(409);
  });
});

describe.runIf(Boolean(TEST_SERVER_URL))('hiding a business with two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  const instances: Array<{ t: TestApp; changes: PublicChanges }> = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const t = await createTestApp(database, { env: CACHE_ON });
      const changes = await postgresChanges(database.pool!, t.deps.publicCache, { batchMs: 100, log: () => undefined });
      t.deps.changes = changes;
      instances.push({ t, changes });
    }
  });
  afterAll(async () => {
    for (const { t, changes } of instances) {
      await changes.close();
      await t.app.close();
    }
    await database?.destroy();
  });

  const withinASecond = async (check: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > 1000) throw new Error('the other instance did not see the change within a second');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('an operator on one instance hides and restores; guests on the other see it within a second', async () => {
    const [a, b] = [instances[0]!.t, instances[1]!.t];
    const operator = await signUp(a.app, 'opera2@example.com', 'Operadora');
    await makeOperator(database.db, operator.userId);
    const id = await insertComercio(database.db, new Date(), { nombre: 'Heladería Polar', categoria: 'Heladería' });
    await insertPromocion(database.db, id, { titulo: 'Polar 2x1', fechaVencimiento: future(5) });
    expect(await seeCount(b, id)).toBe(lists(id).length); // cached on B
    const hide = await caller(a.app)('POST', `/api/operador/comercios/${id}/ocultar`, operator.cookie, {
      motivo: 'Contenido ofensivo',
    });
    expect(hide.statusCode).toBe(200);
    await withinASecond(async () => (await seeCount(b, id)) === 0);
    await caller(a.app)('POST', `/api/operador/comercios/${id}/restaurar`, operator.cookie, { motivo: 'Revisado' });
    await withinASecond(async () => (await seeCount(b, id)) === lists(id).length);
  });
});
