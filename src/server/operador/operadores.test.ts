import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema';
import { createTestApp, signUp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { DEMOTE_MESSAGES, demoteOperator, SYSTEM_ACTOR } from './operadores';
import { auditRows, caller, makeOperator } from './testing';

describe.each(DATABASE_KINDS)('taking the operator role away on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let ana = { cookie: '', userId: '' };
  let beto = { cookie: '', userId: '' };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { env: { OPERATOR_EMAILS: 'jefa@example.com' } });
    call = caller(t.app);
    ana = await signUp(t.app, 'ana@example.com', 'Ana', 'clave-de-ana');
    beto = await signUp(t.app, 'beto@example.com', 'Beto', 'clave-de-beto');
    await makeOperator(database.db, ana.userId);
    await makeOperator(database.db, beto.userId);
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  const roleOf = async (id: string) =>
    (await database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
  const demote = (cookie: string, id: string, password: string) =>
    call('POST', `/api/operador/operadores/${id}/quitar`, cookie, { motivo: 'Dejó el equipo', password });

  it('refuses a wrong password and demoting oneself, writing nothing', async () => {
    const before = (await auditRows(database.db)).length;
    const wrong = await demote(ana.cookie, beto.userId, 'otra-clave');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('La contraseña no es correcta.');
    const self = await demote(ana.cookie, ana.userId, 'clave-de-ana');
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toEqual({ code: 'self_demote', message: DEMOTE_MESSAGES.self });
    expect(await roleOf(beto.userId)).toBe('operator');
    expect(await roleOf(ana.userId)).toBe('operator');
    expect((await auditRows(database.db)).length).toBe(before);
  });

  it('demotes another operator at once, with one audit row', async () => {
    const before = (await auditRows(database.db)).length;
    const res = await demote(ana.cookie, beto.userId, 'clave-de-ana');
    expect(res.statusCode).toBe(200);
    expect(await roleOf(beto.userId)).toBe('owner');
    // Beto's open session no longer reaches the console.
    expect((await call('GET', '/api/operador/me', beto.cookie)).statusCode).toBe(404);
    const rows = (await auditRows(database.db)).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: ana.userId,
      action: 'quitar_operador',
      targetId: beto.userId,
      reason: 'Dejó el equipo',
      before: { role: 'operator' },
      after: { role: 'owner' },
    });
    const again = await demote(ana.cookie, beto.userId, 'clave-de-ana');
    expect(again.json().error).toEqual({ code: 'not_operator', message: DEMOTE_MESSAGES.notOperator });
  });

  it('never removes the last operator, nor one OPERATOR_EMAILS would promote again', async () => {
    await expect(
      demoteOperator(database.db, SYSTEM_ACTOR, { email: 'ANA@example.com' }, 'prueba', []),
    ).rejects.toMatchObject({ code: 'last_operator', message: DEMOTE_MESSAGES.last });
    expect(await roleOf(ana.userId)).toBe('operator');

    const jefa = await signUp(t.app, 'jefa@example.com', 'Jefa');
    expect((await call('GET', '/api/operador/me', jefa.cookie)).statusCode).toBe(200);
    const res = await call('POST', `/api/operador/operadores/${jefa.userId}/quitar`, ana.cookie, {
      motivo: 'Ya no trabaja acá',
      password: 'clave-de-ana',
    });
    expect(res.json().error).toEqual({ code: 'configured_operator', message: DEMOTE_MESSAGES.configured });
    expect(await roleOf(jefa.userId)).toBe('operator');
  });
});
