import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { queryRows } from '#server/db/client';
import { deleteAbandonedUploads } from './store';
import { HTML_AS_PNG, jpegWithGps, oversizePng, pngImage, SVG_IMAGE, TEXT_AS_PNG } from '#test/server/imagenes';

describe.each(DATABASE_KINDS)('image uploads on %s', (kind) => {
  const ctx = useTestApp(kind);
  let cookie = '';
  beforeAll(async () => {
    cookie = (await signUp(ctx.t.app, 'fotos@example.com')).cookie;
  });

  const upload = (body: Buffer, contentType: string, withCookie = true) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/imagenes',
      payload: body,
      headers: { 'content-type': contentType, origin: TEST_ORIGIN, ...(withCookie ? { cookie } : {}) },
    });

  it('needs a signed-in owner', async () => {
    const res = await upload(await pngImage(), 'image/png', false);
    expect(res.statusCode).toBe(401);
  });

  it('accepts a PNG and serves three WebP sizes with long-lived caching', async () => {
    const res = await upload(await pngImage(2000, 1000), 'image/png');
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    // All three stored with the upload: serving them makes nothing.
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT num_nonnulls(thumb, medium, large)::int AS n FROM imagenes WHERE id = ${id}`,
    );
    expect(row?.n).toBe(3);
    for (const [size, width] of [
      ['thumb', 480],
      ['medium', 800],
      ['large', 1280],
    ] as const) {
      const img = await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/${size}.webp` });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(img.rawPayload).metadata()).width).toBe(width);
    }
  });

  it('never enlarges: an image narrower than a variant is stored at its own width', async () => {
    const { id } = (await upload(await pngImage(700, 350), 'image/png')).json<{ id: string }>();
    for (const [size, width] of [
      ['thumb', 480],
      ['medium', 700],
      ['large', 700],
    ] as const) {
      const img = await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/${size}.webp` });
      expect((await sharp(img.rawPayload).metadata()).width, size).toBe(width);
    }
  });

  it('makes the medium variant of an image stored before it existed once, on its first request, and keeps it', async () => {
    const { id } = (await upload(await pngImage(1600, 1200), 'image/png')).json<{ id: string }>();
    // What migration 0016 leaves on an older row: no medium variant.
    await ctx.database.db.execute(sql`UPDATE imagenes SET medium = NULL WHERE id = ${id}`);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/medium.webp` })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBe(`"${id}-medium"`);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    const meta = await sharp(answers[0]!.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    const [row] = await queryRows<{ medium: Buffer }>(
      ctx.database.db,
      sql`SELECT medium FROM imagenes WHERE id = ${id}`,
    );
    expect(Buffer.from(row!.medium).equals(answers[0]!.rawPayload)).toBe(true);
  });

  it('serves images from memory after the first read, with no security headers meant for pages', async () => {
    const { id } = (await upload(await pngImage(600, 400), 'image/png')).json<{ id: string }>();
    const first = await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/thumb.webp` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-security-policy']).toBeUndefined();
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    // Gone from the database behind the app's back: the copy in memory still answers.
    await ctx.database.db.execute(sql`DELETE FROM imagenes WHERE id = ${id}`);
    const again = await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/thumb.webp` });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/large.webp` })).statusCode).toBe(404);
  });

  it('accepts a JPEG and drops its EXIF data (GPS included)', async () => {
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const img = await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${res.json().id}/large.webp` });
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('rejects a file over 2 MB with the spec message', async () => {
    const res = await upload(await oversizePng(), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('La imagen es demasiado grande. El tamaño máximo es 2MB.');
  });

  it('judges by content: text, HTML and SVG are refused whatever they claim to be', async () => {
    const stored = async () =>
      (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM imagenes`))[0]!.n;
    const before = await stored();
    for (const [body, type] of [
      [TEXT_AS_PNG, 'image/png'],
      [HTML_AS_PNG, 'image/png'],
      [SVG_IMAGE, 'image/svg+xml'],
      [SVG_IMAGE, 'image/png'],
    ] as const) {
      const res = await upload(body, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)');
    }
    expect(await stored()).toBe(before);
  });

  it('removes uploads left unused for a day, keeping those a business uses', async () => {
    const used = (await upload(await pngImage(320, 200), 'image/png')).json().id as string;
    const abandoned = (await upload(await pngImage(330, 200), 'image/png')).json().id as string;
    await ctx.database.db.execute(`UPDATE imagenes SET created_at = now() - interval '2 days'`);
    await ctx.database.db.execute(
      `INSERT INTO comercios (nombre, categoria, direccion, telefono, imagen) VALUES ('Usa foto', 'Bazar', 'Perú 1', '261 400-0000', '${used}')` as never,
    );
    await deleteAbandonedUploads(ctx.database.db, new Date());
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${used}/thumb.webp` })).statusCode).toBe(200);
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${abandoned}/thumb.webp` })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for unknown images and sizes', async () => {
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${'0'.repeat(32)}/thumb.webp` })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${'0'.repeat(32)}/medium.webp` })).statusCode,
    ).toBe(404);
    const { id } = (await upload(await pngImage(500, 300), 'image/png')).json<{ id: string }>();
    for (const file of ['huge.webp', 'MEDIUM.webp', 'medium.png', 'medium'])
      expect((await ctx.t.app.inject({ method: 'GET', url: `/api/imagenes/${id}/${file}` })).statusCode, file).toBe(
        404,
      );
  });
});
