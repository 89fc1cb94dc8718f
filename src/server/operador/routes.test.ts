import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { signUp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { auditRows, operatorSuite } from './testing';

/** What an unknown path answers: the guard answers exactly the same. */
const GENERIC_404 = { error: { code: 'not_found', message: 'No encontramos lo que buscás.' } };

describe.each(DATABASE_KINDS)('operator routes on %s', (kind) => {
  const s = operatorSuite(kind, {
    app: { env: { OPERATOR_EMAILS: 'Jefa@Example.com, otra@example.com' } },
    owner: { email: 'duena@example.com', name: 'Kiosco' },
  });
  const { call, owner, operator } = s;

  /** Every route under /api/operador, from the router itself: a new route is covered without editing this test. */
  const operatorRoutes = () =>
    s.t.routes
      .filter((r) => r.split(' ')[1]!.startsWith('/api/operador'))
      .filter((r) => !r.startsWith('HEAD '))
      .map((r) => {
        const [method, url] = r.split(' ') as [string, string];
        return { method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', url: url.replace(/:[a-zA-Z]+/g, '1') };
      });

  it('answers 404 to guests and owners on every operator route, and lets operators through', async () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(3);
    for (const { method, url } of routes) {
      for (const cookie of [null, owner.cookie]) {
        const res = await call(method, url, cookie, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url} as ${cookie ? 'owner' : 'guest'}`).toBe(404);
        expect(res.json()).toEqual(GENERIC_404);
      }
      // Past the guard: an answer of the route itself (a missing business is its own, worded 404).
      const res = await call(method, url, operator.cookie, method === 'GET' ? undefined : {});
      expect(res.json(), `${method} ${url} as operator`).not.toEqual(GENERIC_404);
    }
  });

  it('reports who is signed in to operators', async () => {
    const res = await call('GET', '/api/operador/me', operator.cookie);
    expect(res.json()).toMatchObject({ id: operator.userId, email: 'opera@example.com' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('makes an account listed in OPERATOR_EMAILS an operator when it signs in, with one audit row', async () => {
    const jefa = await signUp(s.t.app, 'jefa@example.com', 'Jefa');
    const before = (await auditRows(s.database.db)).length;
    expect((await call('GET', '/api/operador/me', jefa.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/operador/me', jefa.cookie)).statusCode).toBe(200);
    const rows = (await auditRows(s.database.db)).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: null,
      actorEmail: 'sistema',
      action: 'promover_operador',
      targetType: 'user',
      targetId: jefa.userId,
      before: { role: 'owner' },
      after: { role: 'operator' },
    });
  });

  it('lets an operator promote another account, writing exactly one audit row', async () => {
    const nuevo = await signUp(s.t.app, 'nuevo@example.com', 'Nuevo');
    expect((await call('GET', '/api/operador/me', nuevo.cookie)).statusCode).toBe(404);
    const before = (await auditRows(s.database.db)).length;
    const res = await call('POST', '/api/operador/operadores', operator.cookie, {
      email: 'NUEVO@example.com',
      motivo: 'Se suma al equipo',
    });
    expect(res.json()).toEqual({ promoted: true });
    expect((await call('GET', '/api/operador/me', nuevo.cookie)).statusCode).toBe(200);
    const again = await call('POST', '/api/operador/operadores', operator.cookie, { email: 'nuevo@example.com' });
    expect(again.json()).toEqual({ promoted: false });
    const rows = (await auditRows(s.database.db)).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: operator.userId,
      actorEmail: 'opera@example.com',
      reason: 'Se suma al equipo',
    });

    const unknown = await call('POST', '/api/operador/operadores', operator.cookie, { email: 'nadie@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/tiene que registrarse/);
    const bad = await call('POST', '/api/operador/operadores', operator.cookie, { email: 'no es un email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Email inválido');
  });

  it('shows the audit log to operators, newest first', async () => {
    const res = await call('GET', '/api/operador/auditoria', operator.cookie);
    const body = res.json();
    expect(body.items[0]).toMatchObject({ action: 'promover_operador', actorEmail: 'opera@example.com' });
    expect(body.hasMore).toBe(false);
  });

  it('keeps the audit log append-only', async () => {
    await expect(s.database.db.execute(sql`UPDATE audit_log SET reason = 'x'`)).rejects.toThrow();
    await expect(s.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    expect((await auditRows(s.database.db)).length).toBeGreaterThan(0);
  });

  describe('the /operador pages', () => {
    let dir = '';
    let web: FastifyInstance;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-operador-'));
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
      web = await buildApp(s.t.deps, { webDir: dir });
    });
    afterAll(async () => {
      await web?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('are a 404 page for guests and owners, the console for operators', async () => {
      for (const url of ['/operador', '/operador/comercios']) {
        for (const cookie of [undefined, owner.cookie]) {
          const res = await web.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
          expect(res.statusCode, `${url} ${cookie ? 'owner' : 'guest'}`).toBe(404);
        }
        const res = await web.inject({ method: 'GET', url, headers: { cookie: operator.cookie } });
        expect(res.statusCode).toBe(200);
      }
    });
  });
});
