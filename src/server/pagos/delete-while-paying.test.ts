import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '#shared/pagos';
import { DELETE_WHILE_PAYING } from '#server/comercios/owner-service';
import { comercios, pagos, sandboxOrders } from '#server/db/schema';
import { signUp, TEST_ORIGIN, TEST_WEBHOOK_SECRET, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { sandboxOrderBody, waitFor } from '#test/server/pagos';
import { checkInvariants } from '#test/server/invariants';
import { type Order, type OrdersProvider, ProviderError } from './orders-api';
import { reconcilePayments } from './service';
import { signNotification } from './signature';

describe.each(DATABASE_KINDS)('deleting a business with a payment in flight, on %s', (kind) => {
  const ctx = useTestApp(kind, { sandboxPendingMs: 400 });
  let owner = { cookie: '', userId: '' };

  beforeAll(async () => {
    owner = await signUp(ctx.t.app, 'pagando@example.com');
  });

  const pay = (id: number, holder: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/payments/process_order',
      payload: sandboxOrderBody(id, holder),
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
  const remove = (id: number) =>
    ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/comercios/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
  const newComercio = (nombre: string) =>
    insertComercio(ctx.database.db, new Date(), { nombre, pagadoHaceDias: null, propietarioId: owner.userId });
  const attemptsOf = (ref: string) => ctx.database.db.select().from(pagos).where(eq(pagos.externalReference, ref));
  const sandboxOrder = async (id: string) =>
    (await ctx.database.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id)))[0]!.order as Order;

  it('refuses to delete while the payment is pending (CONT), and the approval then publishes it', async () => {
    const id = await newComercio('Pago en curso');
    const paid = await pay(id, 'CONT');
    expect(paid.json()).toMatchObject({ status: 'processing', status_detail: 'in_process' });

    const refused = await remove(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'payment_in_progress', message: DELETE_WHILE_PAYING });
    expect(await ctx.database.db.select().from(comercios).where(eq(comercios.id, id))).toHaveLength(1);

    const orderId = paid.json<PaymentResult>().order_id!;
    await waitFor(() => ctx.t.notifications.some((n) => n.orderId === orderId));
    const [attempt] = await attemptsOf(`comercio_${id}`);
    expect(attempt).toMatchObject({ status: 'processed', comercioId: id });
    expect(attempt!.appliedAt).not.toBeNull();
    expect((await ctx.database.db.select().from(comercios).where(eq(comercios.id, id)))[0]!.pagoStatus).toBe(true);
    expect(await checkInvariants(ctx.database.db)).toEqual([]);

    // Settled: now it can go (the owner was told the remaining days are not refunded).
    expect((await remove(id)).statusCode).toBe(204);
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });

  it('refunds an approval that arrives for a business that no longer exists, and the ledger says so', async () => {
    const id = await newComercio('Borrado por otra vía');
    const paid = await pay(id, 'CONT');
    const orderId = paid.json<PaymentResult>().order_id!;
    // The business disappears without the owner's delete (an account removed, an operator's hand): the
    // foreign key sets the attempt's comercio_id to null while the card is still in process.
    await ctx.database.db.delete(comercios).where(eq(comercios.id, id));

    await waitFor(() => ctx.t.notifications.some((n) => n.orderId === orderId));
    expect(ctx.t.notifications.find((n) => n.orderId === orderId)!.status).toBe(200);
    const [attempt] = await attemptsOf(`comercio_${id}`);
    expect(attempt).toMatchObject({
      status: 'refunded',
      statusDetail: 'refunded',
      comercioId: null,
      appliedAt: null,
      providerOrderId: orderId,
    });
    const order = await sandboxOrder(orderId);
    expect(order.status_detail).toBe('refunded');
    expect(order.transactions.refunds).toEqual([expect.objectContaining({ amount: '450', status: 'processed' })]);
    expect(await checkInvariants(ctx.database.db)).toEqual([]);

    // Mercado Pago notifies again (the refund changed the order): nothing moves, no second refund.
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/payments/webhook?data.id=${orderId}&type=order`,
      headers: {
        'x-request-id': 'again-1',
        'x-signature': signNotification(TEST_WEBHOOK_SECRET, orderId, 'again-1', String(Date.now())),
      },
      payload: { type: 'order', data: { id: orderId } },
    });
    expect(again.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(
      await reconcilePayments(
        { db: ctx.database.db, provider: ctx.t.deps.payments.provider, now: () => new Date(Date.now() + 3600_000) },
        0,
      ),
    ).toBe(0);
    expect((await attemptsOf(`comercio_${id}`))[0]!.status).toBe('refunded');
    expect((await sandboxOrder(orderId)).transactions.refunds).toHaveLength(1);
  });

  it('keeps retrying a refund the provider could not make, until it is made', async () => {
    const id = await newComercio('Reembolso demorado');
    const sandbox = ctx.t.deps.payments.provider;
    let failures = 1;
    const flaky: OrdersProvider = {
      name: sandbox.name,
      createOrder: (b, k) => sandbox.createOrder(b, k),
      getOrder: (o) => sandbox.getOrder(o),
      searchOrders: (r, b, e) => sandbox.searchOrders(r, b, e),
      refundOrder: async (o, k) => {
        if (failures-- > 0) throw new ProviderError(500, 'internal_error', 'Generic error');
        return sandbox.refundOrder(o, k);
      },
    };
    ctx.t.deps.payments.provider = flaky;
    try {
      const paid = await pay(id, 'CONT');
      const orderId = paid.json<PaymentResult>().order_id!;
      await ctx.database.db.delete(comercios).where(eq(comercios.id, id));
      await waitFor(() => ctx.t.notifications.some((n) => n.orderId === orderId));
      // Approved, not applied, not yet refunded: the checker sees it, reconciliation owes a refund.
      expect((await attemptsOf(`comercio_${id}`))[0]).toMatchObject({ status: 'processed', appliedAt: null });
      expect((await checkInvariants(ctx.database.db)).map((v) => v.invariant)).toEqual(['payment_unapplied']);

      await ctx.database.db
        .update(pagos)
        .set({ updatedAt: sql`now() - interval '5 minutes'` })
        .where(eq(pagos.providerOrderId, orderId));
      expect(await reconcilePayments({ db: ctx.database.db, provider: flaky, now: () => new Date() })).toBe(1);
      expect((await attemptsOf(`comercio_${id}`))[0]).toMatchObject({ status: 'refunded' });
      expect(await checkInvariants(ctx.database.db)).toEqual([]);
    } finally {
      ctx.t.deps.payments.provider = sandbox;
    }
  });
});
