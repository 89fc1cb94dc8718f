import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '#test/server/app';
import { INVALID_PATH_MESSAGE } from './canonical-path';

/** Found by the route fuzz: Fastify's own answer to a URL it cannot decode was English. */
describe('URLs Fastify cannot decode', () => {
  const ctx = useTestApp();

  it.each([
    ['GET', '/api/comercios%'],
    ['GET', '/api/comercios/%ZZ'],
    ['POST', '/api/auth/sign-in/email%C0%AE'],
    ['GET', '/api/imagenes/%E0%A4%A/thumb.webp'],
  ])('%s %s gets a Spanish 400', async (method, url) => {
    const res = await ctx.t.app.inject({ method: method as 'GET' | 'POST', url, headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code: 'invalid_path', message: INVALID_PATH_MESSAGE } });
  });
});

/** Found in a stranger's round: `/%` typed in the address bar showed a line of JSON. */
describe('a broken address opened as a page', () => {
  const ctx = useTestApp();

  it.each(['/%', '/comercio/%ZZ', '/promociones%C0%AE', '/comercio/%7e'])(
    '%s shows a Spanish page with a way back',
    async (url) => {
      const res = await ctx.t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`<h1>${INVALID_PATH_MESSAGE}</h1>`);
      expect(res.body).toContain('<a href="/">volvé al inicio</a>');
    },
  );

  it('keeps the JSON answer for the API, even when a browser asks for HTML', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios%', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_path', message: INVALID_PATH_MESSAGE } });
  });
});
