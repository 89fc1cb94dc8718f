import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendCachedText, toCachedText } from './cached-json';

describe('a kept answer sent compressed', () => {
  const app = Fastify();
  // A page-sized body with some variety, as rendered HTML has.
  const page = toCachedText(
    Array.from({ length: 900 }, (_, i) => `<li class="card c${i % 37}">Comercio ${i * 7919}</li>`).join(''),
    'text/html; charset=utf-8',
  );
  const small = toCachedText('{"ok":true,"items":[' + '"x",'.repeat(400) + '"y"]}', 'application/json');
  app.get('/page', (request, reply) => sendCachedText(request, reply, page));
  app.get('/small', (request, reply) => sendCachedText(request, reply, small));
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('a big one: a fast copy for the request that computed it, the kept copy from the next one on', async () => {
    const first = await get('/page');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(page.body);
    const fast = page.br;
    const second = await get('/page');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(page.body);
    expect(page.br).not.toBe(fast);
    const kept = page.br;
    await get('/page');
    expect(page.br).toBe(kept); // compressed once more, never again
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('a small one the same way: the kept copy is made only when it is sent a second time (ADR 048)', async () => {
    const first = await get('/small');
    const fast = small.br;
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(small.body);
    const second = await get('/small');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(small.body);
    expect(small.br).not.toBe(fast);
    const kept = small.br;
    await get('/small');
    expect(small.br).toBe(kept);
  });
});
