import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioCard, Page } from '#shared/api';
import type { PaymentResult } from '#shared/pagos';
import { comercios, pagos, sandboxOrders } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, TEST_WEBHOOK_SECRET, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { sandboxOrderBody, waitFor } from '#test/server/pagos';
import { reconcilePayments } from './service';
import { signNotification } from './signature';

describe.each(DATABASE_KINDS)('payments on %s', (kind) => {
  const ctx = useTestApp(kind, { sandboxPendingMs: 300 });
  let owner = { cookie: '', userId: '' };
  let other = { cookie: '', userId: '' };

  beforeAll(async () => {
    owner = await signUp(ctx.t.app, 'duenia@example.com');
    other = await signUp(ctx.t.app, 'otra@example.com');
  });

  const pay = (cookie: string, body: object) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/payments/process_order',
      payload: body,
      headers: { cookie, origin: TEST_ORIGIN },
    });
  const newComercio = (nombre: string) =>
    insertComercio(ctx.database.db, new Date(), { nombre, pagadoHaceDias: null, propietarioId: owner.userId });
  const row = async (id: number) => (await ctx.database.db.select().from(comercios).where(eq(comercios.id, id)))[0]!;
  const attempts = (id: number) => ctx.database.db.select().from(pagos).where(eq(pagos.comercioId, id));
  const publicNames = async () =>
    (await ctx.t.app.inject({ method: 'GET', url: '/api/comercios' }))
      .json<Page<ComercioCard>>()
      .items.map((c) => c.nombre);

  it('publishes a business for 30 days when the card is approved (APRO)', async () => {
    const id = await newComercio('Heladería Aprobada');
    expect(await publicNames()).not.toContain('Heladería Aprobada');
    const res = await pay(owner.cookie, sandboxOrderBody(id, 'APRO'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processed', status_detail: 'accredited', mensaje: 'Pago exitoso' });
    const c = await row(id);
    expect(c.pagoStatus).toBe(true);
    expect(Math.abs(c.fechaPago!.getTime() - Date.now())).toBeLessThan(10_000);
    expect(await publicNames()).toContain('Heladería Aprobada');
    const [attempt] = await attempts(id);
    expect(attempt).toMatchObject({
      provider: 'sandbox',
      amount: '450',
      currency: 'ARS',
      status: 'processed',
      statusDetail: 'accredited',
      userId: owner.userId,
    });
    expect(attempt!.appliedAt).not.toBeNull();
    expect(attempt!.providerOrderId).toMatch(/^ORD01/);
  });

  it('refuses a new payment while the publication is still valid (no double charge)', async () => {
    const id = await newComercio('Ya pagado');
    expect((await pay(owner.cookie, sandboxOrderBody(id, 'APRO'))).statusCode).toBe(200);
    const again = await pay(owner.cookie, sandboxOrderBody(id, 'APRO'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_published');
    expect(await attempts(id)).toHaveLength(1);
  });

  it('shows the rejection (FUND) and leaves the business unpublished', async () => {
    const id = await newComercio('Sin fondos');
    const res = await pay(owner.cookie, sandboxOrderBody(id, 'FUND'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      status_detail: 'insufficient_amount',
      mensaje: 'Pago: rechazado (fondos insuficientes)',
    });
    expect((await row(id)).pagoStatus).toBe(false);
    expect((await attempts(id))[0]).toMatchObject({ status: 'failed', appliedAt: null });
    // A failed attempt does not block the next one.
    expect((await pay(owner.cookie, sandboxOrderBody(id, 'APRO'))).json().status).toBe('processed');
  });

  it.each([
    ['OTHE', 'rejected_by_issuer'],
    ['SECU', 'bad_filled_card_data'],
    ['EXPI', 'bad_filled_card_data'],
    ['FORM', 'bad_filled_card_data'],
    ['CALL', 'required_call_for_authorize'],
  ])('maps the %s test card to failed/%s', async (holder, detail) => {
    const id = await newComercio(`Tarjeta ${holder}`);
    expect((await pay(owner.cookie, sandboxOrderBody(id, holder))).json()).toMatchObject({
      status: 'failed',
      status_detail: detail,
    });
  });

  it('decides the amount: a tampered amount is refused before any charge', async () => {
    const id = await newComercio('Monto trucho');
    for (const body of [sandboxOrderBody(id, 'APRO', '1'), { ...sandboxOrderBody(id, 'APRO'), total_amount: '4.50' }]) {
      const res = await pay(owner.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_amount');
    }
    expect(await attempts(id)).toHaveLength(0);
    expect(
      await ctx.database.db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.externalReference, `comercio_${id}`)),
    ).toHaveLength(0);
  });

  it("refuses to pay for someone else's business, and guests", async () => {
    const id = await newComercio('Ajeno');
    const res = await pay(other.cookie, sandboxOrderBody(id, 'APRO'));
    expect(res.statusCode).toBe(403);
    expect((await pay('', sandboxOrderBody(id, 'APRO'))).statusCode).toBe(401);
    expect(await attempts(id)).toHaveLength(0);
    expect((await row(id)).pagoStatus).toBe(false);
  });

  it('keeps a pending card (CONT) in process, then publishes it when the signed notification arrives', async () => {
    const id = await newComercio('Pago pendiente');
    const res = await pay(owner.cookie, sandboxOrderBody(id, 'CONT'));
    expect(res.json()).toMatchObject({
      status: 'processing',
      status_detail: 'in_process',
      mensaje: 'Pago: en proceso (en revisión)',
    });
    expect((await row(id)).pagoStatus).toBe(false);
    // A second click while it is in process cannot start another charge.
    expect((await pay(owner.cookie, sandboxOrderBody(id, 'APRO'))).json().error.code).toBe('payment_in_progress');
    await waitFor(async () => (await row(id)).pagoStatus);
    const [attempt] = await attempts(id);
    expect(attempt).toMatchObject({ status: 'processed', statusDetail: 'accredited' });
    expect(ctx.t.notifications.find((n) => n.orderId === attempt!.providerOrderId)?.status).toBe(200);
  });

  it('applies the same notification twice only once', async () => {
    const id = await newComercio('Doble aviso');
    const res = await pay(owner.cookie, sandboxOrderBody(id, 'CONT'));
    const orderId = res.json<PaymentResult>().order_id!;
    await waitFor(async () => (await row(id)).pagoStatus);
    const first = await row(id);
    const [attemptBefore] = await attempts(id);
    const notify = () => {
      const requestId = `dup-${Math.random()}`;
      return ctx.t.app.inject({
        method: 'POST',
        url: `/api/payments/webhook?data.id=${orderId}&type=order`,
        headers: {
          'x-request-id': requestId,
          'x-signature': signNotification(TEST_WEBHOOK_SECRET, orderId, requestId, String(Date.now())),
        },
        payload: { type: 'order', data: { id: orderId } },
      });
    };
    for (const r of [await notify(), await notify()]) {
      expect(r.statusCode).toBe(200);
      expect(r.json().outcome).toBe('recorded');
    }
    expect((await row(id)).fechaPago).toEqual(first.fechaPago);
    expect((await attempts(id))[0]!.appliedAt).toEqual(attemptBefore!.appliedAt);
  });

  it('refuses forged and replayed notifications with 401', async () => {
    const id = await newComercio('Falsificado');
    const res = await pay(owner.cookie, sandboxOrderBody(id, 'FUND'));
    const orderId = res.json<PaymentResult>().order_id!;
    const forged = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/payments/webhook?data.id=${orderId}&type=order`,
      headers: {
        'x-request-id': 'r1',
        'x-signature': signNotification('not-the-secret', orderId, 'r1', String(Date.now())),
      },
      payload: { type: 'order', data: { id: orderId } },
    });
    expect(forged.statusCode).toBe(401);
    const old = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/payments/webhook?data.id=${orderId}&type=order`,
      headers: {
        'x-request-id': 'r2',
        'x-signature': signNotification(TEST_WEBHOOK_SECRET, orderId, 'r2', String(Date.now() - 3600_000)),
      },
      payload: { type: 'order', data: { id: orderId } },
    });
    expect(old.statusCode).toBe(401);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: `/api/payments/webhook?data.id=${orderId}`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await row(id)).pagoStatus).toBe(false);
  });

  it('recovers a payment charged just before a crash, by reconciliation', async () => {
    const id = await newComercio('Se cayó el server');
    const crashing = await createTestApp(ctx.database);
    crashing.deps.paymentHooks = {
      afterProviderAnswer: async () => {
        throw new Error('process died after the charge');
      },
    };
    const res = await crashing.app.inject({
      method: 'POST',
      url: '/api/payments/process_order',
      payload: sandboxOrderBody(id, 'APRO'),
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(500);
    await crashing.app.close();
    // Charged at the provider, unknown to us.
    expect(
      await ctx.database.db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.externalReference, `comercio_${id}`)),
    ).toHaveLength(1);
    expect((await attempts(id))[0]).toMatchObject({ status: 'pending', providerOrderId: null });
    expect((await row(id)).pagoStatus).toBe(false);

    // Too recent to touch: it could still be in progress.
    expect(
      await reconcilePayments({ db: ctx.database.db, provider: ctx.t.deps.payments.provider, now: () => new Date() }),
    ).toBe(0);
    await ctx.database.db
      .update(pagos)
      .set({ updatedAt: sql`now() - interval '5 minutes'`, createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(pagos.comercioId, id));
    await ctx.database.db
      .update(sandboxOrders)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(sandboxOrders.externalReference, `comercio_${id}`));
    expect(
      await reconcilePayments({ db: ctx.database.db, provider: ctx.t.deps.payments.provider, now: () => new Date() }),
    ).toBe(1);
    expect((await row(id)).pagoStatus).toBe(true);
    expect((await attempts(id))[0]).toMatchObject({ status: 'processed' });
    // Running it again changes nothing.
    expect(
      await reconcilePayments({ db: ctx.database.db, provider: ctx.t.deps.payments.provider, now: () => new Date() }),
    ).toBe(0);
  });

  it('validates the body shape with Spanish messages', async () => {
    const id = await newComercio('Cuerpo raro');
    const res = await pay(owner.cookie, { ...sandboxOrderBody(id, 'APRO'), external_reference: 'comercio_abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('El comercio del pago no es válido.');
  });

  it('tells the client which provider to show', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      provider: 'sandbox',
      publicKey: null,
      amount: 450,
    });
  });
});
