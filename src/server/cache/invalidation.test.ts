import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComercioCard, Page } from '../../shared/api';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../testing/app';
import { createTestDatabase, DATABASE_KINDS, TEST_SERVER_URL, type TestDatabase } from '../testing/databases';
import { insertComercio } from '../testing/fixtures';
import { PublicCache } from './public-cache';
import { postgresChanges, type PublicChanges } from './invalidation';

const names = async (t: TestApp) => ((await t.app.inject({ method: 'GET', url: '/api/comercios' })).json() as Page<ComercioCard>).items.map((c) => c.nombre);

describe.each(DATABASE_KINDS)('public cache with invalidation on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { env: { PUBLIC_CACHE_TTL_MS: '60000' } });
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  it('serves reads from memory and shows every write to a published business at once', async () => {
    const owner = await signUp(t.app, 'cache@example.com');
    const id = await insertComercio(database.db, new Date(), { nombre: 'Antes', propietarioId: owner.userId });
    expect(await names(t)).toEqual(['Antes']);
    // A change behind the app's back is not seen: the read really is cached…
    await database.db.execute(sql`UPDATE comercios SET descripcion = 'cambiada a escondidas'`);
    expect(await names(t)).toEqual(['Antes']);
    // …a new (unpublished) business changes nothing public and keeps the cache…
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/comercios',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { nombre: 'Borrador', categorias: ['Bazar'], telefono: '261 400-0000', direccion: 'Perú 1', localidad: 'Capital' },
    });
    expect(draft.statusCode).toBe(201);
    expect(await names(t)).toEqual(['Antes']);
    // …and an edit of the published one clears it.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { nombre: 'Después', categorias: ['Bazar'], telefono: '261 400-0000', direccion: 'Perú 1', localidad: 'Capital' },
    });
    expect(res.statusCode).toBe(200);
    expect(await names(t)).toEqual(['Después']);
  });
});

describe.runIf(Boolean(TEST_SERVER_URL))('two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  const instances: Array<{ t: TestApp; changes: PublicChanges }> = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const t = await createTestApp(database, { env: { PUBLIC_CACHE_TTL_MS: '600000' } });
      // Each instance listens for the other's writes, as main.ts wires it on a server.
      const changes = await postgresChanges(database.pool!, t.deps.publicCache as PublicCache, () => undefined);
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

  it('shares sessions, and a write on one is visible on the other within a second', async () => {
    const [a, b] = [instances[0]!.t, instances[1]!.t];
    const owner = await signUp(a.app, 'dos@example.com');
    // The session made by instance A works on instance B.
    expect((await b.app.inject({ method: 'GET', url: '/api/mis-comercios', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(await names(b)).toEqual([]); // B caches an empty list
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/comercios',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { nombre: 'Visible en B', categorias: ['Bazar'], telefono: '261 400-0000', direccion: 'Perú 1', localidad: 'Capital' },
    });
    const id = (created.json() as { id: number }).id;
    await database.db.execute(sql`UPDATE comercios SET pago_status = true, fecha_pago = now() WHERE id = ${id}`);
    await instances[0]!.changes.changed();
    const started = Date.now();
    while (!(await names(b)).includes('Visible en B')) {
      if (Date.now() - started > 1000) throw new Error('instance B did not see the write within a second');
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
