import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ComercioEditable } from '#shared/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp, useTestApp } from '#test/server/app';
import { DATABASE_KINDS, TEST_SERVER_URL, type TestDatabase, useTestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { shellDir, sourceRenderer } from '#test/server/ssr';
import { postgresChanges, type PublicChanges } from './invalidation';

const CACHE_ON = { PUBLIC_CACHE_TTL_MS: '600000' };
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The public answers a visitor can get, by URL, as text (so "contains" reads naturally). */
async function get(t: TestApp, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** Every public answer business A ("Panadería Alfa", Capital) is or will be in, and some it is not in. */
const A_LISTS = [
  '/api/comercios',
  '/api/comercios?page=1',
  '/api/comercios?categoria=Panader%C3%ADa',
  '/api/comercios?localidad=Capital',
  '/api/comercios?localidad=Godoy%20Cruz',
  '/api/comercios?q=alfa',
  '/api/comercios?q=gamma',
  '/api/comercios?q=pan&categoria=Panader%C3%ADa&localidad=Capital',
  '/api/promociones',
  '/api/promociones?categoria=Panader%C3%ADa',
  '/api/promociones/destacadas',
];
// A search can match through promotions (ADR 007), so any edit reaches every search whose category and
// locality the edited business meets; a search limited to B's locality is B's alone.
const B_LISTS = [
  '/api/comercios?categoria=Ferreter%C3%ADa',
  '/api/comercios?q=beta&localidad=Guaymallen',
  '/api/promociones?categoria=Ferreter%C3%ADa',
];

interface World {
  database: TestDatabase;
  owner: { cookie: string; userId: string };
  a: number;
  b: number;
}

async function seedWorld(database: TestDatabase, writer: TestApp): Promise<World> {
  const now = new Date();
  const owner = await signUp(writer.app, `alfa-${Math.random()}@example.com`);
  const a = await insertComercio(database.db, now, {
    nombre: 'Panadería Alfa',
    categoria: 'Panadería',
    localidad: 'Capital',
    propietarioId: owner.userId,
  });
  const b = await insertComercio(database.db, now, {
    nombre: 'Ferretería Beta',
    categoria: 'Ferretería',
    localidad: 'Guaymallen',
    descripcion: 'Tornillos.',
  });
  await insertComercio(database.db, now, { nombre: 'Bazar Delta', categoria: 'Bazar', localidad: 'Godoy Cruz' });
  await insertPromocion(database.db, a, { titulo: 'Promo vieja de Alfa', fechaVencimiento: future(10) });
  await insertPromocion(database.db, b, { titulo: 'Promo de Beta', fechaVencimiento: future(10) });
  return { database, owner, a, b };
}

/**
 * The rule under test: an edit to A refreshes every answer A was or is in, on every instance, and leaves
 * the rest cached. Changes made behind the app's back show which answers were really recomputed.
 */
async function editAAndCheck(
  w: World,
  writer: TestApp,
  reader: TestApp,
  waitVisible: (check: () => Promise<boolean>) => Promise<void>,
) {
  for (const url of [...A_LISTS, ...B_LISTS, `/api/comercios/${w.a}`, `/api/comercios/${w.b}`]) await get(reader, url);
  // Behind the app's back: B's text changes. Nothing about A's edit may reveal it.
  await w.database.db.execute(sql`UPDATE comercios SET descripcion = 'Cambiado a escondidas.' WHERE id = ${w.b}`);

  const res = await writer.app.inject({
    method: 'PUT',
    url: `/api/comercios/${w.a}`,
    headers: { cookie: w.owner.cookie, origin: TEST_ORIGIN },
    payload: {
      nombre: 'Panadería Gamma',
      categorias: ['Panadería'],
      telefono: '261 400-0000',
      direccion: 'Perú 1',
      localidad: 'Godoy Cruz',
      promociones: [{ titulo: 'Promo nueva de Gamma', descuento: '10%', fechaVencimiento: future(5) }],
    },
  });
  expect(res.statusCode).toBe(200);

  await waitVisible(async () => (await get(reader, `/api/comercios/${w.a}`)).includes('Panadería Gamma'));
  // A's page and every list it was in or is now in show the edit…
  expect(await get(reader, `/api/comercios/${w.a}`)).toContain('Promo nueva de Gamma');
  for (const url of [
    '/api/comercios',
    '/api/comercios?page=1',
    '/api/comercios?categoria=Panader%C3%ADa',
    '/api/comercios?localidad=Godoy%20Cruz',
    '/api/comercios?q=gamma',
  ]) {
    expect(await get(reader, url), url).toContain('Panadería Gamma');
  }
  for (const url of [
    '/api/comercios?localidad=Capital',
    '/api/comercios?q=alfa',
    '/api/comercios?q=pan&categoria=Panader%C3%ADa&localidad=Capital',
  ]) {
    expect(await get(reader, url), url).not.toContain('Panadería');
  }
  for (const url of ['/api/promociones', '/api/promociones?categoria=Panader%C3%ADa', '/api/promociones/destacadas']) {
    const body = await get(reader, url);
    expect(body, url).toContain('Promo nueva de Gamma');
    expect(body, url).not.toContain('Promo vieja de Alfa');
  }
  // …while B's page and the lists only B is in are still served from memory.
  expect(await get(reader, `/api/comercios/${w.b}`)).toContain('Tornillos.');
  expect(await get(reader, '/api/comercios?categoria=Ferreter%C3%ADa')).toContain('Tornillos.');
  expect(await get(reader, '/api/comercios?q=beta&localidad=Guaymallen')).toContain('Tornillos.');
}

/**
 * An edit that moves A nowhere (its description): A's page, the pages showing A and a search A now matches
 * show it; searches A matches neither before nor after, lists A is not on, and B's page stay cached, even
 * searches with no filter at all (A's promotions are known to the write).
 */
async function editAInPlaceAndCheck(
  w: World,
  writer: TestApp,
  reader: TestApp,
  waitVisible: (check: () => Promise<boolean>) => Promise<void>,
) {
  const showingA = [
    '/api/comercios',
    '/api/comercios?categoria=Panader%C3%ADa',
    '/api/comercios?localidad=Capital',
    '/api/comercios?q=alfa',
    '/api/comercios?q=vieja', // through its promotion
    '/api/comercios?q=medialunas', // not yet: the edit makes A match it
  ];
  const notShowingA = [
    '/api/comercios?categoria=Ferreter%C3%ADa',
    '/api/comercios?q=beta',
    '/api/comercios?categoria=Bazar',
  ];
  // The world was inserted behind the apps' backs: start from answers that include it.
  for (const t of new Set([writer, reader])) t.deps.publicCache.clear();
  for (const url of [...showingA, ...notShowingA, `/api/comercios/${w.a}`, `/api/comercios/${w.b}`])
    await get(reader, url);
  expect(await get(reader, '/api/comercios?q=medialunas')).not.toContain('Alfa');
  // Behind the app's back: B's and Delta's texts change; a recomputed answer would reveal the marker.
  const marker = `Marca ${Math.random().toString(36).slice(2)}`;
  await w.database.db.execute(
    sql`UPDATE comercios SET descripcion = ${marker} WHERE id = ${w.b} OR nombre = 'Bazar Delta'`,
  );

  const res = await writer.app.inject({
    method: 'PUT',
    url: `/api/comercios/${w.a}`,
    headers: { cookie: w.owner.cookie, origin: TEST_ORIGIN },
    payload: {
      nombre: 'Panadería Alfa',
      categorias: ['Panadería'],
      telefono: '261 400-0000',
      direccion: 'Perú 1',
      localidad: 'Capital',
      descripcion: 'Medialunas calientes.',
    },
  });
  expect(res.statusCode).toBe(200);

  await waitVisible(async () => (await get(reader, `/api/comercios/${w.a}`)).includes('Medialunas calientes.'));
  for (const url of showingA) expect(await get(reader, url), url).toContain('Medialunas calientes.');
  for (const url of notShowingA) expect(await get(reader, url), url).not.toContain(marker);
  expect(await get(reader, `/api/comercios/${w.b}`)).not.toContain(marker);
}

describe.each(DATABASE_KINDS)('targeted invalidation on one instance on %s', (kind) => {
  const ctx = useTestApp(kind, { env: CACHE_ON });

  it('an edit to A shows at once in every answer A is in and leaves B cached', async () => {
    const world = await seedWorld(ctx.database, ctx.t);
    // On the writer itself the edit is visible to the very next read.
    await editAAndCheck(world, ctx.t, ctx.t, async (check) => expect(await check()).toBe(true));
  });

  it('an edit that moves A nowhere refreshes only the answers showing A, and searches it now matches', async () => {
    const world = await seedWorld(ctx.database, ctx.t);
    await editAInPlaceAndCheck(world, ctx.t, ctx.t, async (check) => expect(await check()).toBe(true));
  });

  it('a promotion edited in place (same id) refreshes the business page and the promotion lists', async () => {
    const w = await seedWorld(ctx.database, ctx.t);
    const save = async (promociones: object[]) => {
      const res = await ctx.t.app.inject({
        method: 'PUT',
        url: `/api/comercios/${w.a}`,
        headers: { cookie: w.owner.cookie, origin: TEST_ORIGIN },
        payload: {
          nombre: 'Panadería Alfa',
          categorias: ['Panadería'],
          telefono: '261 400-0000',
          direccion: 'Perú 1',
          localidad: 'Capital',
          promociones,
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json<ComercioEditable>().promociones;
    };
    const [promo] = await save([{ titulo: 'Promo Épsilon', descuento: '10%', fechaVencimiento: future(3) }]);
    const urls = ['/api/promociones', '/api/promociones/destacadas', `/api/comercios/${w.a}`];
    for (const url of urls) expect(await get(ctx.t, url), url).toContain('Promo Épsilon');

    const saved = await save([{ ...promo, titulo: 'Promo Zeta' }]);
    expect(saved.map((p) => p.id)).toEqual([promo!.id]);
    for (const url of urls) {
      const body = await get(ctx.t, url);
      expect(body, url).toContain('Promo Zeta');
      expect(body, url).not.toContain('Promo Épsilon');
    }
  });

  it('keys on the validated query: parameter order and unknown parameters share one answer', async () => {
    const before = ctx.t.deps.publicCache.stats().misses;
    await get(ctx.t, '/api/comercios?q=delta&page=1');
    await get(ctx.t, '/api/comercios?page=1&q=delta');
    await get(ctx.t, '/api/comercios?q=%20delta%20&r=123');
    for (let i = 0; i < 20; i++) await get(ctx.t, `/api/comercios?q=delta&r=${Math.random()}`);
    // One computation; the search's folding is memoised after its first use.
    expect(ctx.t.deps.publicCache.stats().misses - before).toBe(1);
  });

  it('an edit to an unpublished draft clears nothing', async () => {
    const owner = await signUp(ctx.t.app, 'draft@example.com');
    const draft = await insertComercio(ctx.database.db, new Date(), {
      nombre: 'Borrador',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    await get(ctx.t, '/api/comercios');
    const spy = vi.spyOn(ctx.t.deps.publicCache, 'invalidate');
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${draft}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: {
        nombre: 'Borrador 2',
        categorias: ['Bazar'],
        telefono: '261 400-0000',
        direccion: 'Perú 1',
        localidad: 'Capital',
      },
    });
    expect(res.statusCode).toBe(200);
    const touched = spy.mock.calls.length
      ? spy.mock.results.map((r) => r.value as number).reduce((x, y) => x + y, 0)
      : 0;
    expect(touched).toBe(0);
    spy.mockRestore();
  });
});

describe.runIf(Boolean(TEST_SERVER_URL))('two instances on one PostgreSQL database', () => {
  const ctx = useTestDatabase('postgres');
  const instances: Array<{ t: TestApp; changes: PublicChanges }> = [];
  beforeAll(async () => {
    // Both serve server-rendered pages too (ADR 021): a rendered page is cleared like the JSON it shows.
    const web = { dir: await shellDir(), ssr: await sourceRenderer() };
    for (let i = 0; i < 2; i++) {
      const t = await createTestApp(ctx.database, { env: CACHE_ON, web });
      // Each instance listens for the other's writes, as main.ts wires it on a server.
      const changes = await postgresChanges(ctx.database.pool!, t.deps.publicCache, {
        batchMs: 100,
        log: () => undefined,
      });
      t.deps.changes = changes;
      instances.push({ t, changes });
    }
  });
  afterAll(async () => {
    for (const { t, changes } of instances) {
      await changes.close();
      await t.app.close();
    }
  });

  const withinASecond = async (check: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > 1000) throw new Error('instance B did not see the write within a second');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('an edit to A on one instance refreshes every answer A is in on the other, leaves B cached, and is applied once per instance', async () => {
    const [a, b] = [instances[0]!.t, instances[1]!.t];
    const world = await seedWorld(ctx.database, a);
    // The session made by instance A works on instance B.
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/mis-comercios', headers: { cookie: world.owner.cookie } }))
        .statusCode,
    ).toBe(200);
    const onWriter = vi.spyOn(a.deps.publicCache, 'invalidate');
    const onReader = vi.spyOn(b.deps.publicCache, 'invalidate');
    const clears = [vi.spyOn(a.deps.publicCache, 'clear'), vi.spyOn(b.deps.publicCache, 'clear')];
    await editAAndCheck(world, a, b, withinASecond);
    await get(a, '/api/comercios'); // the writer's own answers, refreshed once
    await new Promise((r) => setTimeout(r, 400)); // longer than the batch window: its own announcement came back by now
    expect(onWriter).toHaveBeenCalledTimes(1); // its own NOTIFY is ignored
    expect(onReader).toHaveBeenCalledTimes(1);
    for (const clear of clears) expect(clear).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('an edit on one instance refreshes the rendered business page and home page on the other', async () => {
    const [a, b] = [instances[0]!.t, instances[1]!.t];
    const owner = await signUp(a.app, `omega-${Math.random()}@example.com`);
    const id = await insertComercio(ctx.database.db, new Date(), {
      nombre: 'Heladería Omega',
      categoria: 'Heladería',
      descripcion: 'Helado artesanal.',
      propietarioId: owner.userId,
    });
    b.deps.publicCache.clear(); // inserted behind the app's back: start from an empty cache
    const url = `/comercio/${id}-heladeria-omega`;
    expect(await get(b, url)).toContain('Helado artesanal.');
    expect(await get(b, '/')).toContain('Helado artesanal.');
    // Cached now: a change behind the app's back does not show…
    await ctx.database.db.execute(sql`UPDATE comercios SET telefono = '261 999-9999' WHERE id = ${id}`);
    expect(await get(b, url)).not.toContain('261 999-9999');

    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/comercios/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: {
        nombre: 'Heladería Omega',
        categorias: ['Heladería'],
        descripcion: 'Helado artesanal y café de especialidad.',
        telefono: '261 400-0000',
        direccion: 'Perú 1',
        localidad: 'Capital',
      },
    });
    expect(res.statusCode).toBe(200);
    // …while the edit on the other instance reaches both rendered pages within a second.
    await withinASecond(async () => (await get(b, url)).includes('Helado artesanal y café de especialidad.'));
    expect(await get(b, '/')).toContain('Helado artesanal y café de especialidad.');
  });

  it('an edit that moves A nowhere, on one instance, refreshes on the other only the answers showing A', async () => {
    const [a, b] = [instances[0]!.t, instances[1]!.t];
    await editAInPlaceAndCheck(await seedWorld(ctx.database, a), a, b, withinASecond);
  });

  it('writes within the batch window reach the other instance in one announcement', async () => {
    const [a, b] = [instances[0]!, instances[1]!.t];
    const received = vi.spyOn(b.deps.publicCache, 'invalidate');
    const snap = { published: true, categorias: ['Bazar'], localidad: 'Capital', destacado: false, searchText: 'x' };
    await a.changes.changed([{ id: 101, before: snap, after: snap, comercio: true, promociones: false }]);
    await a.changes.changed([{ id: 102, before: snap, after: snap, comercio: true, promociones: false }]);
    await withinASecond(async () => received.mock.calls.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveBeenCalledTimes(1);
    expect(received.mock.calls[0]![0].map((c) => c.id)).toEqual([101, 102]);
    vi.restoreAllMocks();
  });
});

/**
 * Issue 28 M3: announcements sent while an instance's listening connection was down are lost. Whatever it
 * cached before it listened again must not outlive the reconnection.
 */
describe.runIf(Boolean(TEST_SERVER_URL))('an instance whose listening connection is killed', () => {
  const ctx = useTestDatabase('postgres');
  const BATCH_MS = 100;
  let writer: TestApp;
  let reader: TestApp;
  let writerChanges: PublicChanges;
  let readerChanges: PublicChanges;
  let listenerPool: pg.Pool;
  /** Holds the reader's next connection to the database while closed, so the test controls how long it is deaf. */
  let gate: Promise<void> = Promise.resolve();
  const lost: string[] = [];

  beforeAll(async () => {
    writer = await createTestApp(ctx.database, { env: CACHE_ON });
    reader = await createTestApp(ctx.database, { env: CACHE_ON });
    writerChanges = await postgresChanges(ctx.database.pool!, writer.deps.publicCache, {
      batchMs: BATCH_MS,
      log: () => undefined,
    });
    writer.deps.changes = writerChanges;
    // The reader's own pool, named, so its listener's backend can be found and killed as an operator (or a
    // failover, or an idle-session timeout) would.
    listenerPool = new pg.Pool({ connectionString: ctx.database.url, application_name: 'vidriera-listener-b' });
    const connect = listenerPool.connect.bind(listenerPool) as () => Promise<pg.PoolClient>;
    listenerPool.connect = (async () => {
      await gate;
      return connect();
    }) as typeof listenerPool.connect;
    readerChanges = await postgresChanges(listenerPool, reader.deps.publicCache, {
      batchMs: BATCH_MS,
      log: (msg) => lost.push(msg),
    });
    reader.deps.changes = readerChanges;
  });
  afterAll(async () => {
    await readerChanges?.close();
    await writerChanges?.close();
    await reader?.app.close();
    await writer?.app.close();
    await listenerPool?.end();
  });

  const killListener = async () => {
    const before = lost.length;
    const { rows } = await ctx.database.pool!.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
        WHERE application_name = 'vidriera-listener-b' AND query LIKE 'LISTEN%'`,
    );
    expect(rows.map((r) => r.killed)).toEqual([true]);
    await vi.waitFor(() => expect(lost.length).toBeGreaterThan(before), { timeout: 5000, interval: 5 });
  };
  const listening = () =>
    vi.waitFor(
      async () => {
        const { rows } = await ctx.database.pool!.query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = 'vidriera-listener-b' AND query LIKE 'LISTEN%'`,
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 5000, interval: 10 },
    );
  const edit = async (id: number, cookie: string, descripcion: string) => {
    const res = await writer.app.inject({
      method: 'PUT',
      url: `/api/comercios/${id}`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        nombre: 'Panadería Sigma',
        categorias: ['Panadería'],
        descripcion,
        telefono: '261 400-0000',
        direccion: 'Perú 1',
        localidad: 'Capital',
      },
    });
    expect(res.statusCode).toBe(200);
  };
  /** Within the batch window of the moment the reader listens again (plus the round trips to see it). */
  const visibleSoon = async (url: string, text: string) => {
    const started = Date.now();
    while (!(await get(reader, url)).includes(text)) {
      if (Date.now() - started > BATCH_MS + 400) throw new Error(`the reader still served the old answer at ${url}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('an edit made while it was not listening shows as soon as it listens again, not a time-to-live later', async () => {
    const owner = await signUp(writer.app, `sigma-${Math.random()}@example.com`);
    const id = await insertComercio(ctx.database.db, new Date(), {
      nombre: 'Panadería Sigma',
      categoria: 'Panadería',
      descripcion: 'Pan de campo.',
      propietarioId: owner.userId,
    });
    const url = `/api/comercios/${id}`;
    for (let round = 1; round <= 3; round++) {
      const before = `Versión ${round - 1}`;
      const after = `Versión ${round}`;
      if (round === 1) await edit(id, owner.cookie, before);
      await visibleSoon(url, before);
      expect(await get(reader, '/api/comercios?categoria=Panader%C3%ADa')).toContain(before);

      // The reader loses its listener and cannot get it back for now.
      let open = () => undefined as void;
      gate = new Promise<void>((resolve) => (open = resolve));
      await killListener();
      // Deaf, it caches answers again, and the edit's announcement goes out to nobody.
      expect(await get(reader, url)).toContain(before);
      expect(await get(reader, '/api/comercios?categoria=Panader%C3%ADa')).toContain(before);
      await edit(id, owner.cookie, after);
      await new Promise((r) => setTimeout(r, BATCH_MS * 3));
      expect(await get(reader, url)).toContain(before);

      // Listening again: what it cached while deaf is stale.
      open();
      await listening();
      await visibleSoon(url, after);
      expect(await get(reader, '/api/comercios?categoria=Panader%C3%ADa')).toContain(after);
    }
  });
});
