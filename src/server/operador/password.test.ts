import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { caller, makeOperator, operatorSuite } from './testing';

const LIMIT = 5;
const TOO_MANY = 'Demasiados intentos. Esperá unos minutos y volvé a intentar.';

describe.each(DATABASE_KINDS)(
  'the password re-prompt is limited per account (%s)',
  (kind) => {
    const s = operatorSuite(kind, {
      app: { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: String(LIMIT) } },
      operatorPassword: 'clave-opera',
    });
    const others: TestApp[] = [];
    afterAll(async () => {
      for (const t of others) await t.app.close();
    });
    /** A refund of a payment that does not exist: 404 once the password is right, so nothing changes. */
    const refund = (password: string, cookie = s.operator.cookie, t = s.t) =>
      caller(t.app)('POST', '/api/operador/pagos/999999/reembolsar', cookie, {
        motivo: 'Prueba',
        publicacion: 'mantener',
        password,
      });
    /** Suspending oneself: 409 once the password is right. */
    const suspendSelf = (password: string) =>
      s.call('POST', `/api/operador/cuentas/${s.operator.userId}/suspender`, s.operator.cookie, {
        motivo: 'Prueba',
        password,
      });

    it('refuses in Spanish after the allowed wrong passwords, even the right one, on every action and instance', async () => {
      for (let i = 0; i < LIMIT; i++) expect((await refund(`mala-${i}`)).statusCode).toBe(403);
      const limited = await refund('clave-opera');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toEqual({ code: 'too_many_requests', message: TOO_MANY });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The count is the account's, whichever action asks and whichever instance answers.
      expect((await suspendSelf('clave-opera')).statusCode).toBe(429);
      const other = await createTestApp(s.database, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: String(LIMIT) } });
      others.push(other);
      expect((await refund('clave-opera', s.operator.cookie, other)).statusCode).toBe(429);

      // Another operator is not held back by this one's count.
      const second = await signUp(s.t.app, 'opera2@example.com', 'Operador Dos', 'clave-dos');
      await makeOperator(s.database.db, second.userId);
      expect((await refund('clave-dos', second.cookie)).statusCode).toBe(404);

      // Fifteen minutes later the window is over.
      s.t.setNow(new Date(Date.now() + 16 * 60 * 1000));
      expect((await refund('clave-opera')).statusCode).toBe(404);
      s.t.setNow(new Date());
    });

    it('a right password clears the count, so an operator at work never meets the limit', async () => {
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < LIMIT - 1; i++) expect((await refund(`mala-${round}-${i}`)).statusCode).toBe(403);
        expect((await suspendSelf('clave-opera')).statusCode).toBe(409);
      }
    });

    it('200 concurrent wrong passwords: the allowed ones are checked, every other one is refused with 429', async () => {
      s.t.setNow(new Date(Date.now() + 60 * 60 * 1000)); // a fresh window
      const statuses = (await Promise.all(Array.from({ length: 200 }, (_, i) => refund(`mala-${i}`)))).map(
        (r) => r.statusCode,
      );
      expect(statuses.filter((c) => c === 403)).toHaveLength(LIMIT);
      expect(statuses.filter((c) => c === 429)).toHaveLength(200 - LIMIT);
    });
    // Every check hashes a password: on a busy 2-core machine a few dozen outlast the default timeout.
  },
  120_000,
);
