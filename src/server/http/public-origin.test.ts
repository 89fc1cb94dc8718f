import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { useTestApp } from '#test/server/app';
import { freePort, startServer } from '#test/server/server-process';
import { listeningUrl, originWarning, trustedOrigins } from './public-origin';

describe('public origin of a local run', () => {
  it('defaults PUBLIC_URL from the actual PORT', () => {
    expect(loadConfig({ PORT: '3401' })).toMatchObject({ PUBLIC_URL: 'http://localhost:3401', PUBLIC_URL_SET: false });
    expect(loadConfig({})).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', PUBLIC_URL_SET: false });
    expect(loadConfig({ PORT: '80' }).PUBLIC_URL).toBe('http://localhost');
    expect(
      loadConfig({ PORT: '3401', PUBLIC_URL: 'https://vidriera.example', PAYMENTS_PROVIDER: 'sandbox' }),
    ).toMatchObject({ PUBLIC_URL: 'https://vidriera.example', PUBLIC_URL_SET: true });
  });

  it('trusts the loopback origins the server listens on, on plain http only', () => {
    const local = trustedOrigins(loadConfig({ PORT: '3401' }));
    expect(local).toEqual(
      expect.arrayContaining(['http://localhost:3401', 'http://127.0.0.1:3401', 'http://[::1]:3401']),
    );
    expect(local).not.toContain('http://localhost:3000');
    // A loopback PUBLIC_URL on another port (a port mapping, a proxy) keeps working, and so does the real port.
    const mapped = trustedOrigins(loadConfig({ PORT: '3401', PUBLIC_URL: 'http://localhost:3000' }));
    expect(mapped).toEqual(
      expect.arrayContaining([
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://localhost:3401',
        'http://127.0.0.1:3401',
      ]),
    );
    // A LAN address set by the operator, plus this machine's loopback.
    expect(trustedOrigins(loadConfig({ PORT: '3000', PUBLIC_URL: 'http://192.168.1.20:3000' }))).toEqual(
      expect.arrayContaining(['http://192.168.1.20:3000', 'http://localhost:3000', 'http://127.0.0.1:3000']),
    );
    // Production (https): only the public origin.
    expect(
      trustedOrigins(
        loadConfig({ PORT: '3001', PUBLIC_URL: 'https://vidriera.example', PAYMENTS_PROVIDER: 'sandbox' }),
      ),
    ).toEqual(['https://vidriera.example']);
    // Listening on a LAN address only: loopback cannot reach it, so it is not trusted.
    expect(
      trustedOrigins(loadConfig({ PORT: '3000', HOST: '192.168.1.20', PUBLIC_URL: 'http://192.168.1.20:3000' })),
    ).toEqual(['http://192.168.1.20:3000']);
  });

  it('warns once when the configured origin cannot match how the server is reached', () => {
    const warn = (env: Record<string, string>, port: number) => originWarning(loadConfig(env), port);
    expect(warn({ PORT: '3401' }, 3401)).toBeNull(); // derived: always matches
    expect(warn({ PORT: '3401', PUBLIC_URL: 'http://localhost:3401' }, 3401)).toBeNull();
    expect(warn({ PORT: '3401', PUBLIC_URL: 'http://localhost:3000' }, 3401)).toMatch(
      /PUBLIC_URL=http:\/\/localhost:3000 .*port 3000 .*listens on 3401.*refused \(403\)/,
    );
    expect(warn({ HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.20:3000' }, 3000)).toMatch(
      /listens only on 127\.0\.0\.1/,
    );
    expect(warn({ PUBLIC_URL: 'https://vidriera.example', PAYMENTS_PROVIDER: 'sandbox' }, 3000)).toBeNull(); // behind a proxy
    expect(warn({ PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '127.0.0.1' }, 8080)).toBeNull();
  });

  it('names the address it really listens on', () => {
    expect(listeningUrl('0.0.0.0', 3401)).toBe('http://localhost:3401');
    expect(listeningUrl('127.0.0.1', 3401)).toBe('http://127.0.0.1:3401');
    expect(listeningUrl('::1', 3401)).toBe('http://[::1]:3401');
  });
});

describe('owner writes on a non-default port opened at 127.0.0.1, without PUBLIC_URL', () => {
  const ctx = useTestApp('pglite', { env: { PORT: '3401', PUBLIC_URL: '' } });

  it('signs up, signs in and registers a business from every loopback address, and explains a refusal in Spanish', async () => {
    let n = 0;
    for (const origin of ['http://127.0.0.1:3401', 'http://localhost:3401', 'http://[::1]:3401']) {
      const up = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        payload: { email: `o${++n}@example.com`, password: 'secreto123', name: 'Kiosco' },
      });
      expect(up.statusCode, origin).toBe(200);
      const cookie = String(up.headers['set-cookie']).split(';')[0]!;
      const inn = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email: `o${n}@example.com`, password: 'secreto123' },
      });
      expect(inn.statusCode, origin).toBe(200);
      const created = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/comercios',
        headers: { origin, cookie },
        payload: {
          nombre: 'Kiosco',
          categorias: ['Kiosco'],
          telefono: '261 400-0000',
          direccion: 'Perú 1',
          localidad: 'Capital',
        },
      });
      expect(created.statusCode, origin).toBe(201);
    }
    // From a phone on the LAN, without PUBLIC_URL naming that address: refused, and told what to do.
    for (const url of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/comercios',
      '/api/payments/process_order',
    ]) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://192.168.1.20:3401' },
        payload: { email: 'x@example.com', password: 'secreto123', name: 'X' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        error: {
          code: 'forbidden_origin',
          message:
            'Rechazamos la solicitud porque la página no se abrió desde la dirección de Vidriera. Abrí http://localhost:3401 e intentá nuevamente.',
        },
      });
    }
  });
});

describe('the server process', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vidriera-origin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('logs the URL it really listens on, and one warning when PUBLIC_URL names another port', async () => {
    const port = await freePort();
    const output: string[] = [];
    const server = await startServer(
      { DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3000' },
      port,
      { output },
    );
    await server.stop();
    const logs = output
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; url?: string; publicUrl?: string });
    const ready = logs.find((l) => l.msg.startsWith('Vidriera is ready'));
    expect(ready).toMatchObject({ url: `http://127.0.0.1:${port}`, publicUrl: 'http://localhost:3000' });
    expect(ready!.msg).toBe(`Vidriera is ready at http://127.0.0.1:${port}`);
    const warnings = logs.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain(`listens on ${port}`);
  }, 150_000); // a fresh embedded database and tsx's first compile take a while on a loaded machine
});
