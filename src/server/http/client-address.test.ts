import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';
import { estadisticas } from '#server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { parseTrustProxy, trustProxyOption } from './client-address';

describe('TRUST_PROXY', () => {
  it('takes the proxies addresses/CIDRs or a hop count, and refuses "true" naming the setting', () => {
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('false')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('0')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('1')).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy('127.0.0.1')).toEqual({ ok: true, value: ['127.0.0.1'] });
    expect(parseTrustProxy(' 10.0.0.0/8, ::1 ,loopback,192.168.0.0/255.255.0.0')).toEqual({
      ok: true,
      value: ['10.0.0.0/8', '::1', 'loopback', '192.168.0.0/255.255.0.0'],
    });
    for (const bad of ['10.0.0.0/33', 'nginx', '1.2.3', '::1/129', ',', '99', 'true'])
      expect(parseTrustProxy(bad).ok, bad).toBe(false);

    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" is no longer accepted.*TRUST_PROXY=127\.0\.0\.1.*TRUST_PROXY=1.* \(got "true"\)/s,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY: "nginx" is not an IP address or CIDR/);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
  });

  it('a hop count trusts that many hops and no more', () => {
    const trust = trustProxyOption(2);
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => fn('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});

const NGINX = '127.0.0.1';
const LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '3',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '2',
  REPORT_LIMIT_PER_HOUR: '3',
  EVENT_RATE_LIMIT_PER_MINUTE: '4',
};
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/**
 * How a request reaches the app through a proxy: from the proxy's socket, with X-Forwarded-For holding what
 * the proxy saw last. `written` is what the client wrote in that header itself: nginx's
 * $proxy_add_x_forwarded_for puts it in front ("203.0.113.k, <real>"), the audit's H1.
 */
const throughProxy = (real: string, written?: string) => ({
  remoteAddress: NGINX,
  headers: { 'x-forwarded-for': written === undefined ? real : `${written}, ${real}` },
});

/** The 1-based attempt answered 429 first, or 0 if none of `attempts` was. */
async function firstRefused(attempts: number, send: (k: number) => Promise<LightMyRequestResponse>) {
  for (let k = 1; k <= attempts; k++) {
    const res = await send(k);
    if (res.statusCode === 429) return k;
    expect(res.statusCode, res.body).toBeLessThan(429);
  }
  return 0;
}

describe.each(DATABASE_KINDS)(
  "per-address limits see the proxy's client, not the client's header (%s)",
  (kind) => {
    const ctx = useTestDatabase(kind);
    const apps: TestApp[] = [];
    let t: TestApp;
    let comercio = 0;
    beforeAll(async () => {
      t = await createTestApp(ctx.database, { env: { ...LIMITS, TRUST_PROXY: NGINX } });
      apps.push(t);
      comercio = await insertComercio(ctx.database.db, new Date(), { nombre: 'Kiosco del Proxy' });
    });
    afterAll(async () => {
      for (const a of apps) await a.app.close();
    });

    const signIn = (via: ReturnType<typeof throughProxy>, email: string, app = t) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        ...via,
        headers: { ...via.headers, origin: TEST_ORIGIN },
        payload: { email, password: 'no-es-la-clave' },
      });
    const signUp = (via: ReturnType<typeof throughProxy>, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        ...via,
        headers: { ...via.headers, origin: TEST_ORIGIN },
        payload: { email, password: 'secreto123', name: 'Alguien' },
      });
    const report = (via: ReturnType<typeof throughProxy>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/denuncias',
        ...via,
        headers: { ...via.headers, origin: TEST_ORIGIN },
        payload: { comercioId: comercio, motivo: 'otro' },
      });
    const tap = (via: ReturnType<typeof throughProxy>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/comercios/${comercio}/eventos`,
        ...via,
        headers: { ...via.headers, origin: TEST_ORIGIN, 'user-agent': PHONE_UA },
        payload: { tipo: 'whatsapp' },
      });
    const rotating = (k: number) => `203.0.113.${k}`;

    it('sign-in per address: trips at the same attempt with a rotating client-written part', async () => {
      const plain = await firstRefused(8, (k) => signIn(throughProxy('198.51.100.1'), `a${k}@example.com`));
      const spoofed = await firstRefused(8, (k) =>
        signIn(throughProxy('198.51.100.2', rotating(k)), `b${k}@example.com`),
      );
      expect(plain).toBe(4);
      expect(spoofed).toBe(plain);
      // Another client behind the same proxy has its own allowance: the address is the client's, not nginx's.
      expect((await signIn(throughProxy('198.51.100.3'), 'c@example.com')).statusCode).toBe(401);
    });

    it('sign-in per account: trips at the same attempt with a rotating client-written part', async () => {
      const plain = await firstRefused(8, () => signIn(throughProxy('198.51.100.11'), 'duena@example.com'));
      const spoofed = await firstRefused(8, (k) =>
        signIn(throughProxy('198.51.100.12', rotating(k)), 'duena2@example.com'),
      );
      expect(plain).toBe(3);
      expect(spoofed).toBe(plain);
    });

    it('sign-up shares the per-address count, whatever the client writes', async () => {
      const spoofed = await firstRefused(8, (k) =>
        signUp(throughProxy('198.51.100.21', rotating(k)), `n${k}@example.com`),
      );
      expect(spoofed).toBe(4);
    });

    it('reports ("Denunciar"): trip at the same attempt with a rotating client-written part', async () => {
      const plain = await firstRefused(6, () => report(throughProxy('198.51.100.31')));
      const spoofed = await firstRefused(6, (k) => report(throughProxy('198.51.100.32', rotating(k))));
      expect(plain).toBe(4);
      expect(spoofed).toBe(plain);
    });

    it('tap events: trip at the same attempt, and a rotating header adds no visitors', async () => {
      const plain = await firstRefused(6, () => tap(throughProxy('198.51.100.41')));
      const spoofed = await firstRefused(6, (k) => tap(throughProxy('198.51.100.42', rotating(k))));
      expect(plain).toBe(5);
      expect(spoofed).toBe(plain);
      // Views are counted per visitor (address and browser): 12 views whose header rotates are one visitor.
      for (let k = 1; k <= 12; k++) {
        const via = throughProxy('198.51.100.43', rotating(k));
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/comercios/${comercio}`,
          ...via,
          headers: { ...via.headers, 'user-agent': PHONE_UA },
        });
        expect(res.statusCode).toBe(200);
      }
      await t.deps.stats.flush();
      const [row] = await ctx.database.db.select().from(estadisticas);
      // One tap visitor from each of the two addresses above, one viewer.
      expect(row).toMatchObject({ comercioId: comercio, visitas: 1, whatsapp: 2 });
    });

    it('a client that reaches the app directly cannot pass as a proxy by writing the header', async () => {
      const spoofed = await firstRefused(8, (k) =>
        signIn({ remoteAddress: '198.51.100.51', headers: { 'x-forwarded-for': rotating(k) } }, `d${k}@example.com`),
      );
      expect(spoofed).toBe(4);
    });

    it("TRUST_PROXY=1 (one proxy in front) reads the same address from nginx's appended header", async () => {
      const hops = await createTestApp(ctx.database, { env: { ...LIMITS, TRUST_PROXY: '1' } });
      apps.push(hops);
      const spoofed = await firstRefused(8, (k) =>
        signIn(throughProxy('198.51.100.61', rotating(k)), `e${k}@example.com`, hops),
      );
      expect(spoofed).toBe(4);
      expect((await signIn(throughProxy('198.51.100.62'), 'f@example.com', hops)).statusCode).toBe(401);
    });
    // Every sign-in hashes a password: on a busy 2-core machine a handful of them outlast the default timeout.
  },
  120_000,
);
