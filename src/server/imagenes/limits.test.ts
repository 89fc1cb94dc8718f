import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from '#shared/imagenes-limites';
import { imagenes } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp, useTestApp } from '#test/server/app';
import { DATABASE_KINDS, TEST_PGLITE } from '#test/server/databases';
import { hugeCanvasPng, hugeTextChunk, pngImage } from '#test/server/imagenes';
import { checkInvariants } from '#test/server/invariants';
import { imageQueueFull, IMAGES_BUSY, processImage } from './store';

/** A distinct small PNG per call (its colour differs), so each is a new image for the quota. */
let shade = 0;
const distinctPng = () => {
  shade++;
  return sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: shade % 256, g: Math.floor(shade / 256) % 256, b: 7 },
    },
  })
    .png()
    .toBuffer();
};

/**
 * Sends the headers of a large upload and only a first slice of its body, then waits for an answer. A server
 * that reads the whole body before deciding never answers: the body never finishes.
 */
function answerBeforeBody(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/imagenes',
      headers: {
        ...headers,
        'content-type': 'image/png',
        'content-length': String(6 * 1024 * 1024),
        origin: TEST_ORIGIN,
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer while the body was still unsent: the server waited to read it'));
    }, 15_000);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, body });
      });
    });
    req.on('error', (err) => {
      // The server may close the socket after answering; the answer has been read by then.
      if (!req.destroyed) reject(err);
    });
    req.write(Buffer.alloc(64 * 1024));
  });
}

describe.each(DATABASE_KINDS)('upload limits on %s', (kind) => {
  const env = { UPLOAD_LIMIT_PER_HOUR: '3', UPLOAD_LIMIT_PER_DAY: '5' };
  const ctx = useTestApp(kind, { env });
  let port = 0;

  beforeAll(async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.t.app.server.address() as AddressInfo).port;
  });

  const upload = (app: TestApp, body: Buffer, cookie: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/imagenes',
      payload: body,
      headers: { 'content-type': 'image/png', origin: TEST_ORIGIN, cookie },
    });

  it('refuses a guest before reading the upload', async () => {
    const res = await answerBeforeBody(port, {});
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'unauthenticated', message: 'Iniciá sesión para continuar.' },
    });
  });

  it('refuses images that decode to more than 24 megapixels from their header: 7000 × 7000 and 49,000,000 × 1', async () => {
    const { cookie } = await signUp(ctx.t.app, 'pixeles@example.com');
    for (const [width, height] of [
      [7000, 7000],
      [49_000_000, 1],
    ] as const) {
      const png = hugeCanvasPng(width, height);
      expect(png.length).toBeLessThan(200 * 1024);
      expect(width * height).toBeGreaterThan(MAX_IMAGE_PIXELS);
      const res = await upload(ctx.t, png, cookie);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({ code: 'image_too_many_pixels', message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
    }
    // A phone photo's size still goes through.
    expect((await upload(ctx.t, await pngImage(4000, 3000), cookie)).statusCode).toBe(201);
  });

  it('refuses from the header a canvas with a side over 10,000 px even under 24 megapixels, and a PNG hiding a text bomb', async () => {
    const { cookie } = await signUp(ctx.t.app, 'formas@example.com');
    // Under the pixel count, each cost gigabytes to decode before the side limit (a row 6,000,000 px wide).
    for (const [width, height] of [
      [6_000_000, 4],
      [600_000, 40],
      [4, 6_000_000],
      [MAX_IMAGE_SIDE + 1, 2000],
    ] as const) {
      const png = hugeCanvasPng(width, height);
      expect(width * height).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
      const started = Date.now();
      const res = await upload(ctx.t, png, cookie);
      expect(res.statusCode, `${width} × ${height}`).toBe(413);
      expect(res.json().error).toEqual({ code: 'image_too_many_pixels', message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
      // Refused from the header: nothing was decoded (a decode of these shapes takes many seconds).
      expect(Date.now() - started, `${width} × ${height}`).toBeLessThan(5000);
    }
    // 1 × 1 with a zTXt chunk that inflates to 200 MB: the file is small, its text is not.
    const bomb = hugeCanvasPng(1, 1, { extra: [await hugeTextChunk(200 * 1024 * 1024)] });
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const refused = await upload(ctx.t, bomb, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'image_too_large', message: IMAGE_TOO_LARGE_MESSAGE });
    // Within both limits still goes through: a 24 MP square and a 10,000 px wide panorama with a short text.
    const small = hugeCanvasPng(1, 1, { extra: [await hugeTextChunk(4096)] });
    expect((await upload(ctx.t, small, cookie)).statusCode).toBe(201);
    const square = await upload(ctx.t, await pngImage(4898, 4898), cookie);
    expect(square.statusCode).toBe(201);
    const panorama = await upload(ctx.t, await pngImage(MAX_IMAGE_SIDE, 2400), cookie);
    expect(panorama.statusCode).toBe(201);
  });

  it('keeps a per-account quota per hour and per day in the database, shared by every instance', async () => {
    const owner = await signUp(ctx.t.app, 'cuota@example.com');
    for (let i = 0; i < 3; i++) expect((await upload(ctx.t, await distinctPng(), owner.cookie)).statusCode).toBe(201);

    const over = await upload(ctx.t, await distinctPng(), owner.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: 'upload_quota_hour',
      message: 'Subiste 3 imágenes en la última hora, el máximo. Esperá un rato y volvé a intentar.',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    // Refused before its body is read, too.
    expect((await answerBeforeBody(port, { cookie: owner.cookie })).status).toBe(429);
    // Another instance on the same database counts the same uploads.
    const other = await createTestApp(ctx.database, { env });
    try {
      expect((await upload(other, await distinctPng(), owner.cookie)).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
    // Another account is not affected.
    const neighbour = await signUp(ctx.t.app, 'vecina@example.com');
    expect((await upload(ctx.t, await distinctPng(), neighbour.cookie)).statusCode).toBe(201);

    // An hour later: two more fit in the day's 5, then the day is full.
    await ctx.database.db
      .update(imagenes)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(imagenes.uploadedBy, owner.userId));
    for (let i = 0; i < 2; i++) expect((await upload(ctx.t, await distinctPng(), owner.cookie)).statusCode).toBe(201);
    await ctx.database.db
      .update(imagenes)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(imagenes.uploadedBy, owner.userId));
    const day = await upload(ctx.t, await distinctPng(), owner.cookie);
    expect(day.statusCode).toBe(429);
    expect(day.json().error.code).toBe('upload_quota_day');
    expect(day.json().error.message).toBe('Llegaste al límite de 5 imágenes por día. Vas a poder subir más mañana.');
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });

  it('does not let concurrent uploads slip past the quota together', async () => {
    const owner = await signUp(ctx.t.app, 'rafaga@example.com');
    const bodies = await Promise.all(Array.from({ length: 6 }, () => distinctPng()));
    const answers = await Promise.all(bodies.map((b) => upload(ctx.t, b, owner.cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const stored = await ctx.database.db
      .select({ id: imagenes.id })
      .from(imagenes)
      .where(eq(imagenes.uploadedBy, owner.userId));
    expect(stored).toHaveLength(3);
  });

  it('answers the same file again with the stored image, without counting it', async () => {
    const owner = await signUp(ctx.t.app, 'repite@example.com');
    const png = await distinctPng();
    const first = await upload(ctx.t, png, owner.cookie);
    for (let i = 0; i < 5; i++) {
      const again = await upload(ctx.t, png, owner.cookie);
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
    }
    expect((await upload(ctx.t, await distinctPng(), owner.cookie)).statusCode).toBe(201);
  });
});

describe.runIf(TEST_PGLITE)('image work queue', () => {
  const ctx = useTestApp();

  it('decodes two images at a time and turns uploads away (503) while the line is full', async () => {
    const { cookie } = await signUp(ctx.t.app, 'cola@example.com');
    // One incompressible 640 × 480 photo, twenty times: each re-encode takes a moment.
    const photo = await sharp(randomBytes(640 * 480 * 3), { raw: { width: 640, height: 480, channels: 3 } })
      .jpeg({ quality: 75 })
      .toBuffer();
    expect(photo.length).toBeLessThan(2 * 1024 * 1024);
    const noisy = Array.from({ length: 20 }, () => photo);
    const work = noisy.map((img) => processImage(img));
    await vi.waitFor(() => expect(imageQueueFull()).toBe(true), { timeout: 10_000, interval: 5 });
    const busy = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/imagenes',
      payload: noisy[0]!,
      headers: { 'content-type': 'image/jpeg', origin: TEST_ORIGIN, cookie },
    });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().error).toEqual({ code: 'images_busy', message: IMAGES_BUSY });
    expect(busy.headers['retry-after']).toBe('5');
    await Promise.all(work);
    expect(imageQueueFull()).toBe(false);
  });
});
