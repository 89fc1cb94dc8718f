import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ROOT } from '#test/server/server-process';

const MP = {
  MP_ACCESS_TOKEN: 'APP_USR-0123456789',
  MP_PUBLIC_KEY: 'APP_USR-pk-0123456789',
  MP_WEBHOOK_SECRET: 'webhook-secret-1',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('payments provider setting', () => {
  it('uses the sandbox on a plain-http local run without credentials', () => {
    expect(loadConfig({}).PAYMENTS_PROVIDER).toBe('sandbox');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.0.10:3000' }).PAYMENTS_PROVIDER).toBe('sandbox');
  });

  it('refuses an https server without Mercado Pago credentials unless the sandbox is asked for by name', () => {
    const message = configError({ PUBLIC_URL: 'https://vidriera.example' });
    expect(message).toContain('PUBLIC_URL is https://vidriera.example');
    expect(message).toContain('PAYMENTS_PROVIDER=sandbox');
    expect(message).toContain('MP_ACCESS_TOKEN, MP_PUBLIC_KEY and MP_WEBHOOK_SECRET');
    expect(loadConfig({ PUBLIC_URL: 'https://vidriera.example', PAYMENTS_PROVIDER: 'sandbox' }).PAYMENTS_PROVIDER).toBe(
      'sandbox',
    );
  });

  it('uses Mercado Pago when its credentials are set, or when named (then they are required)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://vidriera.example', ...MP }).PAYMENTS_PROVIDER).toBe('mercadopago');
    expect(loadConfig({ PAYMENTS_PROVIDER: 'mercadopago', ...MP }).PAYMENTS_PROVIDER).toBe('mercadopago');
    expect(configError({ PAYMENTS_PROVIDER: 'mercadopago' })).toContain(
      'PAYMENTS_PROVIDER=mercadopago needs MP_ACCESS_TOKEN',
    );
    // Naming the sandbox wins over credentials (a staging copy of production's settings).
    expect(loadConfig({ PAYMENTS_PROVIDER: 'sandbox', ...MP }).PAYMENTS_PROVIDER).toBe('sandbox');
  });

  it('names a wrong value', () => {
    expect(configError({ PAYMENTS_PROVIDER: 'paypal' })).toContain('PAYMENTS_PROVIDER');
  });

  it('stops the real server at boot with that message and exit code 1', async () => {
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PUBLIC_URL: 'https://vidriera.example',
        PORT: '0',
        DATABASE_URL: '',
        DATA_DIR: 'memory://',
      };
      for (const key of ['PAYMENTS_PROVIDER', 'MP_ACCESS_TOKEN', 'MP_PUBLIC_KEY', 'MP_WEBHOOK_SECRET']) delete env[key];
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
        { cwd: ROOT, env, timeout: 60_000 },
        (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout }),
      );
    });
    expect(result.code).toBe(1);
    // One fatal line of the JSON log (pino, level 60), written by the logger made before anything else.
    const fatal = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toContain('the offline sandbox would publish businesses with test cards, for free');
  });
});
