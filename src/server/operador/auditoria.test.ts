import { describe, expect, it } from 'vitest';
import type { AuditRow } from '#shared/operador';
import { auditLog } from '#server/db/schema';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY } from '#test/server/fixtures';
import { operatorSuite } from './testing';

describe.each(DATABASE_KINDS)("the console's Auditoría on %s", (kind) => {
  const s = operatorSuite(kind, { owner: { email: 'duena@example.com', name: 'Dueña' } });
  const { call, owner, operator } = s;

  it('names what each action was on: the business and the account, not their ids; a gone target keeps its id', async () => {
    const created = await call('POST', '/api/comercios', owner.cookie, {
      ...MINIMAL_COMERCIO_BODY,
      nombre: 'Kiosco Auditado',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const actor = { actorId: operator.userId, actorEmail: 'opera@example.com', reason: 'Prueba' };
    await s.database.db.insert(auditLog).values([
      { ...actor, action: 'ocultar_comercio', targetType: 'comercio', targetId: String(id) },
      { ...actor, action: 'suspender_cuenta', targetType: 'user', targetId: owner.userId },
      { ...actor, action: 'reembolsar_pago', targetType: 'pago', targetId: '7' },
      { ...actor, action: 'ocultar_comercio', targetType: 'comercio', targetId: '999999' },
      { ...actor, action: 'suspender_cuenta', targetType: 'user', targetId: 'no-existe' },
    ]);

    const res = await call('GET', '/api/operador/auditoria', operator.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: AuditRow[] }>().items;
    const labels = items.slice(0, 5).map((r) => [r.targetType, r.targetId, r.targetLabel]);
    expect(labels).toEqual([
      ['user', 'no-existe', null],
      ['comercio', '999999', null],
      ['pago', '7', null],
      ['user', owner.userId, 'duena@example.com'],
      ['comercio', String(id), 'Kiosco Auditado'],
    ]);
  });
});
