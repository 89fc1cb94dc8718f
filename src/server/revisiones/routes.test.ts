import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVISION_NO_OCULTO, REVISION_PENDIENTE, REVISIONES_DEMASIADAS } from '#shared/revisiones';
import { revisiones } from '#server/db/schema';
import { signUp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { auditRows, operatorSuite } from '#server/operador/testing';
import { REVISIONES_PER_ACCOUNT_PER_DAY } from './routes';

const NOTA = 'Cambiamos las fotos por unas del local, ¿lo pueden revisar?';

describe.each(DATABASE_KINDS)('"Pedir revisión" of a business hidden by moderation on %s', (kind) => {
  const s = operatorSuite(kind, { owner: { email: 'polar@example.com', name: 'Heladería Polar' } });
  const { call, owner, operator } = s;
  let id = 0;
  let stranger = { cookie: '', userId: '' };
  const pedir = (cookie: string | null, nota = NOTA, comercioId = id) =>
    call('POST', `/api/comercios/${comercioId}/revision`, cookie, { nota });
  const latest = async () => (await call('GET', `/api/comercios/${id}/revision`, owner.cookie)).json().revision;
  const hide = (motivo = 'Fotos que no son del local') =>
    call('POST', `/api/operador/comercios/${id}/ocultar`, operator.cookie, { motivo });
  const pendientes = async () =>
    (await call('GET', '/api/operador/revisiones?estado=pendiente', operator.cookie)).json().items;

  beforeAll(async () => {
    id = await insertComercio(s.database.db, new Date(), { nombre: 'Heladería Polar', propietarioId: owner.userId });
    stranger = await signUp(s.t.app, 'otra@example.com', 'Otra persona');
  });

  it('refuses a business that is not hidden (409), and anyone but its owner (401, 403, 404)', async () => {
    const visible = await pedir(owner.cookie);
    expect(visible.statusCode).toBe(409);
    expect(visible.json().error.message).toBe(REVISION_NO_OCULTO);
    expect(await latest()).toBeNull();

    expect((await hide()).statusCode).toBe(200);
    expect((await pedir(null)).statusCode).toBe(401);
    const notYours = await pedir(stranger.cookie);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.message).toBe('Solo el dueño del comercio puede hacer esto.');
    expect((await call('GET', `/api/comercios/${id}/revision`, stranger.cookie)).statusCode).toBe(403);
    expect((await pedir(owner.cookie, NOTA, id + 1000)).statusCode).toBe(404);
    expect(await s.database.db.select().from(revisiones)).toHaveLength(0);
  });

  it('checks the note with the shared rules, in Spanish', async () => {
    const short = await pedir(owner.cookie, 'Hola');
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('al menos 10 caracteres');
    const long = await pedir(owner.cookie, 'a'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('hasta 1000 caracteres');
    const control = await pedir(owner.cookie, 'Revisen esto\u0000 por favor');
    expect(control.statusCode).toBe(400);
  });

  it('takes one pending request, audited, and refuses a second while it waits (409)', async () => {
    const audits = (await auditRows(s.database.db)).length;
    const res = await pedir(owner.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ estado: 'pendiente', nota: NOTA, respuesta: null, resueltaAt: null });
    expect(await latest()).toMatchObject({ id: res.json().id, estado: 'pendiente' });

    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: owner.userId,
      action: 'pedir_revision',
      targetType: 'comercio',
      targetId: String(id),
      reason: NOTA,
      after: { revision: res.json().id, estado: 'pendiente' },
    });

    const again = await pedir(owner.cookie, 'Otra nota, por si no vieron la primera');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REVISION_PENDIENTE);
    expect((await auditRows(s.database.db)).length).toBe(audits + 1);

    // The operators' queue shows the note beside the business and why it is hidden.
    expect(await pendientes()).toEqual([
      expect.objectContaining({
        id: res.json().id,
        comercioId: id,
        comercioNombre: 'Heladería Polar',
        ocultoMotivo: 'Fotos que no son del local',
        propietarioEmail: 'polar@example.com',
        nota: NOTA,
      }),
    ]);
    // Owners never reach the queue.
    expect((await call('GET', '/api/operador/revisiones', owner.cookie)).statusCode).toBe(404);
  });

  it('an operator rejects it with a reason the owner then reads; the business stays hidden', async () => {
    const [pending] = await pendientes();
    const audits = (await auditRows(s.database.db)).length;
    const res = await call('POST', `/api/operador/revisiones/${pending.id}/resolver`, operator.cookie, {
      accion: 'rechazar',
      nota: 'Las fotos siguen siendo de otro local.',
    });
    expect(res.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      id: pending.id,
      estado: 'rechazado',
      respuesta: 'Las fotos siguen siendo de otro local.',
    });
    expect((await s.t.app.inject({ method: 'GET', url: `/api/comercios/${id}` })).statusCode).toBe(404);
    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: operator.userId,
        action: 'rechazar_revision',
        targetType: 'comercio',
        targetId: String(id),
        reason: 'Las fotos siguen siendo de otro local.',
        after: { revision: pending.id, estado: 'rechazado' },
      }),
    ]);
    expect(await pendientes()).toEqual([]);
    const twice = await call('POST', `/api/operador/revisiones/${pending.id}/resolver`, operator.cookie, {
      accion: 'rechazar',
      nota: 'Otra vez',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('an operator shows the business again from a new request: visible, request closed, one audit row', async () => {
    const sent = await pedir(owner.cookie, 'Ya subimos fotos propias del local, gracias.');
    expect(sent.statusCode).toBe(201);
    const audits = (await auditRows(s.database.db)).length;
    const res = await call('POST', `/api/operador/revisiones/${sent.json().id}/resolver`, operator.cookie, {
      accion: 'restaurar',
      nota: 'Fotos corregidas',
    });
    expect(res.statusCode).toBe(200);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/comercios/${id}` })).statusCode).toBe(200);
    const [row] = await s.database.db.select().from(revisiones).where(eq(revisiones.id, sent.json().id));
    expect(row).toMatchObject({ estado: 'restaurado', resueltaPor: operator.userId, respuesta: null });
    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: operator.userId,
        action: 'restaurar_comercio',
        targetId: String(id),
        reason: 'Fotos corregidas',
        after: expect.objectContaining({ ocultoMotivo: null, revision: sent.json().id }),
      }),
    ]);
    // Shown again: nothing to ask for, and the card shows no answer about an old hiding.
    expect(await latest()).toBeNull();
    expect((await pedir(owner.cookie)).statusCode).toBe(409);
    const resolved = (await call('GET', '/api/operador/revisiones?estado=restaurado', operator.cookie)).json();
    expect(resolved.items.map((r: { id: number }) => r.id)).toEqual([sent.json().id]);
  });

  it('restoring the business from the console closes its pending request too', async () => {
    expect((await hide('Otro motivo')).statusCode).toBe(200);
    expect(await latest()).toBeNull();
    const sent = await pedir(owner.cookie);
    expect(sent.statusCode).toBe(201);
    const res = await call('POST', `/api/operador/comercios/${id}/restaurar`, operator.cookie, { motivo: 'Revisado' });
    expect(res.statusCode).toBe(200);
    const [row] = await s.database.db.select().from(revisiones).where(eq(revisiones.id, sent.json().id));
    expect(row?.estado).toBe('restaurado');
    expect(await pendientes()).toEqual([]);
  });

  it(`limits an account to ${REVISIONES_PER_ACCOUNT_PER_DAY} sends a day, refused ones included (429)`, async () => {
    const other = await signUp(s.t.app, 'tercera@example.com', 'Tercera');
    for (let i = 0; i < REVISIONES_PER_ACCOUNT_PER_DAY; i++) {
      expect((await pedir(other.cookie, 'x')).statusCode).toBe(400);
    }
    const over = await pedir(other.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(REVISIONES_DEMASIADAS);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
