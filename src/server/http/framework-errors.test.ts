import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/databases';
import { INVALID_PATH_MESSAGE } from './canonical-path';

/** Found by the route fuzz: Fastify's own answer to a URL it cannot decode was English. */
describe('URLs Fastify cannot decode', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  it.each([
    ['GET', '/api/comercios%'],
    ['GET', '/api/comercios/%ZZ'],
    ['POST', '/api/auth/sign-in/email%C0%AE'],
    ['GET', '/api/imagenes/%E0%A4%A/thumb.webp'],
  ])('%s %s gets a Spanish 400', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code: 'invalid_path', message: INVALID_PATH_MESSAGE } });
  });
});
