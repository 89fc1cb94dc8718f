import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comercio, ComercioDetalle } from '#shared/api';
import { ogImagePath } from '#shared/seo/og';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { pngImage } from '#test/server/imagenes';

const NOW = new Date('2026-11-22T15:00:00Z');
const BODY = {
  nombre: 'Panadería La Espiga',
  categorias: ['Panadería', 'Café'],
  telefono: '261 412-3456',
  direccion: 'Belgrano 567',
  localidad: 'Godoy Cruz',
  descripcion: 'Pan casero.',
};

describe.each(DATABASE_KINDS)('link preview image on %s', (kind) => {
  // The public cache on, as in production: the edit below must clear the preview's version too.
  const ctx = useTestApp(kind, { now: NOW, env: { PUBLIC_CACHE_TTL_MS: '60000' } });
  let cookie = '';
  let id = 0;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie, ...headers } });
  const detalle = async (businessId: number) => {
    // As a visitor sees it (no session): the same promotions the preview draws.
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios/${businessId}` });
    expect(res.statusCode).toBe(200);
    return res.json<ComercioDetalle>();
  };

  beforeAll(async () => {
    cookie = (await signUp(ctx.t.app, 'espiga@example.com')).cookie;
    const upload = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/imagenes',
      payload: await pngImage(1600, 1000),
      headers: { 'content-type': 'image/png', origin: TEST_ORIGIN, cookie },
    });
    const imagen = upload.json<{ id: string }>().id;
    const created = await call('POST', '/api/comercios', { ...BODY, imagen });
    expect(created.statusCode).toBe(201);
    id = created.json<Comercio>().id;
    const promos = await call('PUT', `/api/comercios/${id}/promociones`, {
      promociones: [{ titulo: 'Facturas <del> día & más', descuento: '2x1', fechaVencimiento: '2026-12-31' }],
    });
    expect(promos.statusCode).toBe(200);
    // Paid yesterday: published (the payment flow itself is tested elsewhere).
    await ctx.database.db.execute(
      sql`UPDATE comercios SET pago_status = true, fecha_pago = ${new Date(NOW.getTime() - 86_400_000).toISOString()}::timestamptz WHERE id = ${id}`,
    );
    await ctx.t.deps.changes.changed();
  });

  it('is a 1200×630 JPEG under 300 kB, immutable under its current version, with an ETag', async () => {
    const path = ogImagePath(await detalle(id));
    const res = await ctx.t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);

    const again = await ctx.t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('gets a new version when the name changes, and the old URL no longer answers as current', async () => {
    const before = ogImagePath(await detalle(id));
    const oldImage = (await ctx.t.app.inject({ method: 'GET', url: before })).rawPayload;
    const edit = await call('PUT', `/api/comercios/${id}`, { ...BODY, nombre: 'Panadería La Espiga Dorada' });
    expect(edit.statusCode).toBe(200);

    const after = ogImagePath(await detalle(id));
    expect(after).not.toBe(before);
    const fresh = await ctx.t.app.inject({ method: 'GET', url: after });
    expect(fresh.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(fresh.rawPayload, oldImage)).not.toBe(0);

    // An old link (a chat that kept it) gets today's picture, cached briefly, never as immutable.
    const old = await ctx.t.app.inject({ method: 'GET', url: before });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=300');
    expect(old.headers.etag).toBe(fresh.headers.etag);
    expect(Buffer.compare(old.rawPayload, fresh.rawPayload)).toBe(0);
  });

  it('draws a branded background for a business without a photo', async () => {
    const sinFoto = await insertComercio(ctx.database.db, NOW, { nombre: 'Kiosco Sin Foto', categoria: 'Kiosco' });
    const res = await ctx.t.app.inject({ method: 'GET', url: ogImagePath(await detalle(sinFoto)) });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('answers 404 for unknown, unpaid, expired and hidden businesses, as their public page does', async () => {
    const db = ctx.database.db;
    const unpaid = await insertComercio(db, NOW, { nombre: 'Impago', pagadoHaceDias: null });
    const expired = await insertComercio(db, NOW, { nombre: 'Vencido', pagadoHaceDias: 31 });
    const hidden = await insertComercio(db, NOW, { nombre: 'Oculto' });
    await db.execute(
      sql`UPDATE comercios SET oculto_motivo = 'Spam', oculto_por = 'moderacion', oculto_at = now() WHERE id = ${hidden}`,
    );
    await ctx.t.deps.changes.changed();
    for (const target of [unpaid, expired, hidden, 999_999]) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios/${target}/og.jpg?v=x` });
      expect(res.statusCode, `comercio ${target}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
