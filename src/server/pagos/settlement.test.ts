import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '#shared/pagos';
import { comercios, pagos, sandboxOrders } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, TEST_WEBHOOK_SECRET, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { sandboxOrderBody, waitFor } from '#test/server/pagos';
import { checkInvariants } from '#test/server/invariants';
import { approvalTime } from './orders-api';
import { reconcilePayments } from './service';
import { signNotification } from './signature';

describe('approval time', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is the order last update, never in our future, now when missing', () => {
    // 14:58 UTC is in our future (a skewed clock): now.
    expect(
      approvalTime({ last_updated_date: '2026-11-22T11:58:00.000-03:00', created_date: '2026-11-22T11:57:00Z' }, now),
    ).toEqual(now);
    expect(approvalTime({ last_updated_date: '2026-11-22T08:58:00.000-03:00' }, now)).toEqual(
      new Date('2026-11-22T11:58:00Z'),
    );
    expect(approvalTime({ created_date: '2026-11-22T11:00:00Z' }, now)).toEqual(new Date('2026-11-22T11:00:00Z'));
    expect(approvalTime({}, now)).toEqual(now);
    expect(approvalTime({ last_updated_date: 'not a date' }, now)).toEqual(now);
  });
});

describe.each(DATABASE_KINDS)('settling payments after a crash, on %s', (kind) => {
  const ctx = useTestApp(kind);
  let owner = { cookie: '', userId: '' };
  const T0 = new Date(Date.now() - 3600_000);
  const LATER = new Date(T0.getTime() + 10 * 60_000);

  beforeAll(async () => {
    owner = await signUp(ctx.t.app, 'reinicio@example.com');
  });

  const newComercio = (nombre: string) =>
    insertComercio(ctx.database.db, new Date(), { nombre, pagadoHaceDias: null, propietarioId: owner.userId });
  const comercio = async (id: number) =>
    (await ctx.database.db.select().from(comercios).where(eq(comercios.id, id)))[0]!;

  /** Pays with a pending card (CONT) at T0 on an instance that then dies before its notification timer fires. */
  async function payThenCrash(id: number): Promise<{ orderId: string; resolvesAt: Date }> {
    const dying = await createTestApp(ctx.database, { now: T0, sandboxPendingMs: 300 });
    const res = await dying.app.inject({
      method: 'POST',
      url: '/api/payments/process_order',
      payload: sandboxOrderBody(id, 'CONT'),
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(res.json()).toMatchObject({ status: 'processing' });
    await dying.app.close(); // clears its timers: the notification is never sent
    const orderId = res.json<PaymentResult>().order_id!;
    const [row] = await ctx.database.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
    return { orderId, resolvesAt: row!.resolvesAt! };
  }

  it('answers 200 to a correctly signed notification for an order nobody knows (no endless retries)', async () => {
    const orderId = 'ORD01UNKNOWN0000000000000000';
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/payments/webhook?data.id=${orderId}&type=order`,
      headers: {
        'x-request-id': 'r-unknown',
        'x-signature': signNotification(TEST_WEBHOOK_SECRET, orderId, 'r-unknown', String(Date.now())),
      },
      payload: { action: 'order.processed', type: 'order', data: { id: orderId } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'unknown' });
  });

  it('re-arms a pending sandbox order at startup: approved without waiting for reconciliation, paid at its approval time', async () => {
    const id = await newComercio('Reinicio con pago pendiente');
    const { orderId, resolvesAt } = await payThenCrash(id);
    const restarted = await createTestApp(ctx.database, { now: LATER });
    try {
      await restarted.deps.payments.resume();
      await waitFor(() => restarted.notifications.some((n) => n.orderId === orderId && n.status === 200));
      const c = await comercio(id);
      expect(c.pagoStatus).toBe(true);
      // The bank approved it at resolvesAt; the restart (10 minutes later) is not the payment date.
      expect(c.fechaPago).toEqual(resolvesAt);
      expect(await checkInvariants(ctx.database.db, { now: LATER })).toEqual([]);
    } finally {
      await restarted.app.close();
    }
  });

  it('reconciles answered attempts at startup whatever their age, with the approval time as fecha_pago', async () => {
    const id = await newComercio('Reconciliado al arrancar');
    const { orderId, resolvesAt } = await payThenCrash(id);
    const deps = { db: ctx.database.db, provider: ctx.t.deps.payments.provider, now: () => LATER };
    // The attempt was just written (by the database's clock): the periodic round leaves it alone a while.
    expect(await reconcilePayments(deps)).toBe(0);
    expect(await reconcilePayments(deps, undefined, { atStartup: true })).toBe(1);
    const [attempt] = await ctx.database.db.select().from(pagos).where(eq(pagos.providerOrderId, orderId));
    expect(attempt).toMatchObject({ status: 'processed', comercioId: id });
    expect((await comercio(id)).fechaPago).toEqual(resolvesAt);
    expect(await checkInvariants(ctx.database.db, { now: LATER })).toEqual([]);
  });
});
