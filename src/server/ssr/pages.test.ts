import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SSR_STATE_ID } from '#shared/ssr';
import { comercios } from '#server/db/schema';
import { DEFERRED_BOOT } from '#server/http/deferred-scripts';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { DATABASE_KINDS, TEST_PGLITE, useTestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { shellDir, sourceRenderer } from '#test/server/ssr';

const CACHE_ON = { PUBLIC_CACHE_TTL_MS: '600000' };
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const IMAGE = 'b'.repeat(32);

/** The page's dehydrated state, as the browser reads it. */
function stateOf(html: string): { queries: Array<{ queryKey: unknown[]; data: unknown }> } {
  const match = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">(.*?)</script>`).exec(html);
  expect(match, 'dehydrated state').not.toBeNull();
  return JSON.parse(match![1]!) as ReturnType<typeof stateOf>;
}

describe.each(DATABASE_KINDS)('server-rendered public pages on %s', (kind) => {
  const ctx = useTestDatabase(kind);
  let t: TestApp;
  let dir = '';
  let espiga = 0;
  let owner: { cookie: string; userId: string };
  let draft = 0;
  let expired = 0;
  beforeAll(async () => {
    dir = await shellDir();
    t = await createTestApp(ctx.database, { env: CACHE_ON, web: { dir, ssr: await sourceRenderer() } });
    const now = new Date();
    owner = await signUp(t.app, `espiga-${Math.random()}@example.com`);
    espiga = await insertComercio(ctx.database.db, now, {
      nombre: 'Panadería La Espiga',
      categoria: 'Panadería',
      descripcion: 'Pan de masa madre </script><script>alert(1)</script> y facturas.',
      imagen: IMAGE,
      propietarioId: owner.userId,
    });
    await insertPromocion(ctx.database.db, espiga, { titulo: 'Docena de facturas 2x1', fechaVencimiento: future(5) });
    draft = await insertComercio(ctx.database.db, now, {
      nombre: 'Borrador Oculto',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    expired = await insertComercio(ctx.database.db, now, { nombre: 'Vencido Hace Rato', pagadoHaceDias: 45 });
  });
  afterAll(async () => {
    await t?.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('a business page without JavaScript: name, description, phone, promotions, links, head tags and state', async () => {
    const res = await get(`/comercio/${espiga}-panaderia-la-espiga`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const html = res.body;
    expect(html).toContain('<title>Panadería La Espiga · Vidriera</title>');
    expect(html).toContain('>Panadería La Espiga</h1>');
    expect(html).toContain('Pan de masa madre &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; y facturas.');
    expect(html).toContain('Docena de facturas 2x1');
    expect(html).toContain('href="tel:');
    expect(html).toContain('href="https://wa.me/549');
    expect(html).toContain('261 412-3456');
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/comercio/${espiga}-panaderia-la-espiga">`);
    expect(html).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/comercio/${espiga}-panaderia-la-espiga">`);
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="${TEST_ORIGIN}/api/comercios/${espiga}/og\\.jpg\\?v=[a-z0-9]+">`),
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    // JSON-LD: schema.org data of the business, "<" escaped so its text cannot close the element.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(ld![1]).not.toContain('<');
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Bakery',
      name: 'Panadería La Espiga',
      url: `${TEST_ORIGIN}/comercio/${espiga}-panaderia-la-espiga`,
      image: `${TEST_ORIGIN}/api/imagenes/${IMAGE}/large.webp`,
    });
    expect(html).toContain('<meta property="og:locale" content="es_AR">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="description" content="Pan de masa madre');
    expect(html).not.toContain('name="robots"');
    // The largest image is in the markup with high priority; the shell's "needs JavaScript" notice is gone.
    expect(html).toMatch(new RegExp(`<img[^>]+src="/api/imagenes/${IMAGE}/large.webp"[^>]*fetchPriority="high"`));
    // ...with every size for the browser to pick from, and preloaded from the head ahead of the app's script.
    expect(html).toContain(
      `srcSet="/api/imagenes/${IMAGE}/thumb.webp 480w, /api/imagenes/${IMAGE}/medium.webp 800w, /api/imagenes/${IMAGE}/large.webp 1280w"`,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = head.indexOf(
      `<link rel="preload" as="image" href="/api/imagenes/${IMAGE}/large.webp" imagesrcset=`,
    );
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(head.indexOf('<script type="module"'));
    expect(html).not.toContain('<noscript>Vidriera necesita JavaScript.</noscript>');
    // Only the boot script (the one inline script the CSP allows, by its hash) and non-executable JSON.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(html).toContain(`<script type="module">${DEFERRED_BOOT}</script>`);
    expect(html).toContain('<meta name="vidriera-entry" content="/assets/index-abc.js">');
    expect(scripts).toEqual([
      '<script type="module">',
      '<script type="application/ld+json">',
      `<script type="application/json" id="${SSR_STATE_ID}">`,
    ]);
    // The text of the business cannot end the state's or the JSON-LD's script element early.
    expect(html.split('</script>').length - 1).toBe(3);
    const state = stateOf(html);
    const detalle = state.queries.find((q) => q.queryKey[1] === 'detalle');
    expect(detalle?.queryKey).toEqual(['comercios', 'detalle', espiga]);
    expect(detalle?.data).toMatchObject({ id: espiga, nombre: 'Panadería La Espiga' });
  });

  it('counts a view of the page as the detail API does (not the owner, not a bot, once per visitor a day)', async () => {
    const counted: Array<[number, string]> = [];
    const original = t.deps.stats.count.bind(t.deps.stats);
    t.deps.stats.count = (visitor, id, contador) => {
      const ok = original(visitor, id, contador);
      if (ok) counted.push([id, contador]);
      return ok;
    };
    try {
      const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' };
      await get(`/comercio/${espiga}-panaderia-la-espiga`, browser);
      await get(`/comercio/${espiga}-panaderia-la-espiga`, browser);
      // Another browser, but the owner's: not a visit.
      await get(`/comercio/${espiga}-panaderia-la-espiga`, {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
        cookie: owner.cookie,
      });
      expect(counted).toEqual([[espiga, 'visitas']]);
    } finally {
      t.deps.stats.count = original;
    }
  });

  it('an id-only or outdated URL answers 301 to the canonical one, keeping the query string', async () => {
    for (const url of [`/comercio/${espiga}`, `/comercio/${espiga}-otro-nombre`, `/comercio/${espiga}/`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(`/comercio/${espiga}-panaderia-la-espiga`);
    }
    const withQuery = await get(`/comercio/${espiga}?utm_source=whatsapp&x=1`);
    expect(withQuery.statusCode).toBe(301);
    expect(withQuery.headers.location).toBe(`/comercio/${espiga}-panaderia-la-espiga?utm_source=whatsapp&x=1`);
  });

  it("a category written without accents or in capitals answers 301 to the list's spelling, on both lists", async () => {
    const lista = await get('/?categoria=panaderia&localidad=Capital');
    expect(lista.statusCode).toBe(301);
    expect(lista.headers.location).toBe('/?categoria=Panader%C3%ADa&localidad=Capital');
    const promos = await get('/promociones?categoria=PANADER%C3%8DA');
    expect(promos.statusCode).toBe(301);
    expect(promos.headers.location).toBe('/promociones?categoria=Panader%C3%ADa');
    const found = await get('/?categoria=Panader%C3%ADa');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Panadería La Espiga');
    // A category of the owner's own, not on the list, is searched as written.
    expect((await get('/?categoria=Panaderia%20artesanal')).statusCode).toBe(200);
  });

  it('unknown, unpublished and expired businesses answer 404 with a useful page that is not indexed', async () => {
    for (const id of [999_999, draft, expired]) {
      const res = await get(`/comercio/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('No encontramos este comercio');
      expect(res.body).toContain('href="/"');
      expect(res.body).toContain('href="/promociones"');
      expect(res.body).not.toContain('rel="canonical"');
      expect(res.body).not.toContain('Borrador Oculto');
    }
    const unknownPath = await get('/no-existe');
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.body).toContain('No encontramos esta página');
    expect(unknownPath.body).toContain('<meta name="robots" content="noindex">');
  });

  it("the owner sees their unpublished business's page, rendered for them alone", async () => {
    const res = await get(`/comercio/${draft}-borrador-oculto`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Tu comercio no está publicado: solo vos podés ver esta página.');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    // …and a guest right after still gets the shared 404.
    expect((await get(`/comercio/${draft}-borrador-oculto`)).statusCode).toBe(404);
  });

  it('home and promotions are rendered with their lists, real links and head tags', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Descubrí comercios de tu zona');
    expect(home.body).toContain(`href="/comercio/${espiga}-panaderia-la-espiga"`);
    expect(home.body).toContain('Promociones Destacadas');
    expect(home.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/">`);
    expect(home.body).not.toContain('Borrador Oculto');
    const filtered = await get('/?categoria=Panader%C3%ADa&q=pan&utm=1');
    expect(filtered.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/?categoria=Panader%C3%ADa">`);
    const promos = await get('/promociones?localidad=Capital');
    expect(promos.statusCode).toBe(200);
    expect(promos.body).toContain('<title>Promociones · Vidriera</title>');
    expect(promos.body).toContain('Docena de facturas 2x1');
    expect(promos.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/promociones?localidad=Capital">`);
  });

  it('home sorted "Mejor valorados" is rendered in that order, and seeds the list the browser asks for', async () => {
    const now = new Date();
    const plain = await insertComercio(ctx.database.db, now, { nombre: 'Aaa Heladería', categoria: 'Heladería' });
    const rated = await insertComercio(ctx.database.db, now, { nombre: 'Zzz Heladería', categoria: 'Heladería' });
    await ctx.database.db.update(comercios).set({ rating: 4.8, opinionesCount: 5 }).where(eq(comercios.id, rated));
    const names = (html: string) => [...html.matchAll(/>(Aaa|Zzz) Heladería</g)].map((m) => m[1]);

    const usual = await get('/?categoria=Helader%C3%ADa');
    expect(names(usual.body)).toEqual(['Aaa', 'Zzz']);
    const valorados = await get('/?categoria=Helader%C3%ADa&orden=valorados');
    expect(valorados.statusCode).toBe(200);
    expect(names(valorados.body)).toEqual(['Zzz', 'Aaa']);
    const seeded = stateOf(valorados.body).queries.find((q) => JSON.stringify(q.queryKey).includes('valorados'));
    expect(seeded, 'the list seeded under its "Mejor valorados" key').toBeDefined();
    const items = (seeded!.data as { pages: Array<{ items: Array<{ id: number }> }> }).pages[0]!.items;
    expect(items.map((c) => c.id)).toEqual([rated, plain]);
  });

  it('answers a matching If-None-Match with 304, and serves the same entry compressed', async () => {
    const url = `/comercio/${espiga}-panaderia-la-espiga`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
  });

  it('an edit to the business refreshes its rendered page and the home page at once', async () => {
    const url = `/comercio/${espiga}-panaderia-la-espiga`;
    expect((await get(url)).body).toContain('Docena de facturas 2x1');
    expect((await get('/')).body).toContain('Panadería La Espiga');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${espiga}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: {
        nombre: 'Panadería La Espiga',
        categorias: ['Panadería'],
        descripcion: 'Ahora también pan sin TACC.',
        telefono: '261 400-0000',
        direccion: 'Perú 1',
        localidad: 'Capital',
        promociones: [{ titulo: 'Medialunas 3x2', descuento: '30%', fechaVencimiento: future(5) }],
      },
    });
    expect(res.statusCode).toBe(200);
    const page = (await get(url)).body;
    expect(page).toContain('Ahora también pan sin TACC.');
    expect(page).toContain('Medialunas 3x2');
    expect(page).not.toContain('Docena de facturas 2x1');
    expect((await get('/')).body).toContain('Ahora también pan sin TACC.');
  });
});

describe.runIf(TEST_PGLITE)('a server-rendered page while the renderer is still loading (start-up)', () => {
  const ctx = useTestDatabase('pglite');
  let t: TestApp;
  let dir = '';
  let finishLoading: () => void = () => undefined;
  beforeAll(async () => {
    dir = await shellDir();
    const renderer = await sourceRenderer();
    const loading = new Promise<typeof renderer>((resolve) => (finishLoading = () => resolve(renderer)));
    t = await createTestApp(ctx.database, { env: CACHE_ON, web: { dir, ssr: loading } });
    await insertComercio(ctx.database.db, new Date(), { nombre: 'Kiosco Temprano', categoria: 'Kiosco' });
  });
  afterAll(async () => {
    await t?.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the API at once; the page waits for the renderer, then is rendered on the server', async () => {
    let pageDone = false;
    const page = t.app.inject({ method: 'GET', url: '/' }).then((res) => ((pageDone = true), res));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(pageDone).toBe(false);
    finishLoading();
    const res = await page;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Kiosco Temprano');
    expect(stateOf(res.body).queries.length).toBeGreaterThan(0);
  });
});
