import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagos, sandboxOrders } from '#server/db/schema';
import { TEST_ORIGIN } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { checkInvariants } from '#test/server/invariants';
import { sandboxOrderBody } from '#test/server/pagos';
import { auditRows, operatorSuite } from './testing';

describe.each(DATABASE_KINDS)('refunds and suspensions on %s', (kind) => {
  const s = operatorSuite(kind, {
    owner: { email: 'duena@example.com', name: 'Kiosco', password: 'clave-duena' },
    operatorPassword: 'clave-opera',
  });
  const { call, owner, operator } = s;

  /** A business of the owner, published by a real sandbox payment; returns its id and the payment's. */
  async function paidBusiness(nombre: string): Promise<{ id: number; pagoId: number }> {
    const id = await insertComercio(s.database.db, new Date(), {
      nombre,
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    const res = await call('POST', '/api/payments/process_order', owner.cookie, sandboxOrderBody(id));
    expect(res.json().status).toBe('processed');
    const [pago] = await s.database.db.select().from(pagos).where(eq(pagos.comercioId, id));
    return { id, pagoId: pago!.id };
  }
  const isPublic = async (id: number) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/comercios/${id}` })).statusCode === 200;

  it('refunds through the provider, records it in the ledger and ends the publication when asked', async () => {
    const { id, pagoId } = await paidBusiness('Kiosco Reembolsado');
    expect(await isPublic(id)).toBe(true);
    const audits = (await auditRows(s.database.db)).length;

    const body = { motivo: 'Cobro duplicado', publicacion: 'terminar' };
    const wrong = await call('POST', `/api/operador/pagos/${pagoId}/reembolsar`, operator.cookie, {
      ...body,
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('La contraseña no es correcta.');
    expect((await auditRows(s.database.db)).length).toBe(audits);

    const res = await call('POST', `/api/operador/pagos/${pagoId}/reembolsar`, operator.cookie, {
      ...body,
      password: 'clave-opera',
    });
    expect(res.statusCode).toBe(200);
    const [pago] = await s.database.db.select().from(pagos).where(eq(pagos.id, pagoId));
    expect(pago).toMatchObject({ status: 'refunded', statusDetail: 'refunded' });
    // The sandbox keeps the order as Mercado Pago would: processed, status_detail refunded, one refund.
    const [order] = await s.database.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, pago!.providerOrderId!));
    expect(order!.order).toMatchObject({ status: 'processed', status_detail: 'refunded' });
    expect(await isPublic(id)).toBe(false);
    const mine = (await call('GET', '/api/mis-comercios', owner.cookie)).json().items;
    expect(mine.find((c: { id: number }) => c.id === id)).toMatchObject({ pagoStatus: false, fechaPago: null });

    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'reembolsar_pago',
      targetId: String(pagoId),
      reason: 'Cobro duplicado',
      after: { status: 'refunded', publicacion: 'terminada' },
    });
    const again = await call('POST', `/api/operador/pagos/${pagoId}/reembolsar`, operator.cookie, {
      ...body,
      password: 'clave-opera',
    });
    expect(again.statusCode).toBe(409);
    const ledger = (await call('GET', '/api/operador/pagos?status=refunded', operator.cookie)).json();
    expect(ledger.items.map((p: { id: number }) => p.id)).toContain(pagoId);
    expect(await checkInvariants(s.database.db)).toEqual([]);
  });

  it('can keep the publication (a goodwill refund)', async () => {
    const { id, pagoId } = await paidBusiness('Kiosco Conservado');
    const res = await call('POST', `/api/operador/pagos/${pagoId}/reembolsar`, operator.cookie, {
      motivo: 'Compensación por una caída',
      publicacion: 'mantener',
      password: 'clave-opera',
    });
    expect(res.statusCode).toBe(200);
    expect(await isPublic(id)).toBe(true);
    expect((await auditRows(s.database.db)).at(-1)!.after).toMatchObject({ publicacion: 'mantenida' });
  });

  it('suspends an account: signed out at once, cannot sign in, businesses hidden; reinstating undoes it', async () => {
    const { id } = await paidBusiness('Kiosco de Cuenta Suspendida');
    const audits = (await auditRows(s.database.db)).length;
    const noPassword = await call('POST', `/api/operador/cuentas/${owner.userId}/suspender`, operator.cookie, {
      motivo: 'Estafas reiteradas',
      password: 'mal',
    });
    expect(noPassword.statusCode).toBe(403);
    const res = await call('POST', `/api/operador/cuentas/${owner.userId}/suspender`, operator.cookie, {
      motivo: 'Estafas reiteradas',
      password: 'clave-opera',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/mis-comercios', owner.cookie)).statusCode).toBe(401);
    const signIn = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'duena@example.com', password: 'clave-duena' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe('Tu cuenta está suspendida. Si creés que es un error, escribinos.');
    expect(await isPublic(id)).toBe(false);
    const rows = (await auditRows(s.database.db)).slice(audits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'suspender_cuenta', targetId: owner.userId });
    expect((rows[0]!.after as { comerciosOcultos: number[] }).comerciosOcultos).toContain(id);
    // Hidden by the suspension: restoring the business alone is refused.
    const restore = await call('POST', `/api/operador/comercios/${id}/restaurar`, operator.cookie, {
      motivo: 'Prueba',
    });
    expect(restore.statusCode).toBe(409);

    const back = await call('POST', `/api/operador/cuentas/${owner.userId}/reincorporar`, operator.cookie, {
      motivo: 'Aclaró la situación',
    });
    expect(back.statusCode).toBe(200);
    expect(await isPublic(id)).toBe(true);
    const again = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'duena@example.com', password: 'clave-duena' },
    });
    expect(again.statusCode).toBe(200);
    expect((await auditRows(s.database.db)).at(-1)).toMatchObject({ action: 'reincorporar_cuenta' });
  });

  it('refuses to suspend oneself or another operator', async () => {
    const self = await call('POST', `/api/operador/cuentas/${operator.userId}/suspender`, operator.cookie, {
      motivo: 'Prueba de error',
      password: 'clave-opera',
    });
    expect(self.statusCode).toBe(409);
  });
});
