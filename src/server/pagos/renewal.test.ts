import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '#shared/pagos';
import { addDays } from '#shared/rules/dates';
import { comercios, pagos } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { checkInvariants } from '#test/server/invariants';
import { sandboxOrderBody } from '#test/server/pagos';
import { reconcilePayments } from './service';

describe.each(DATABASE_KINDS)('renewal without a gap, on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let owner = { cookie: '', userId: '' };
  // The server's clock is fixed at a real moment (the database stamps rows with its own clock).
  const NOW = new Date();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: NOW });
    owner = await signUp(t.app, 'renueva@example.com');
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  const pay = (app: TestApp, id: number, holder = 'APRO') =>
    app.app.inject({
      method: 'POST',
      url: '/api/payments/process_order',
      payload: sandboxOrderBody(id, holder),
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
  /** A business of the owner paid `daysAgo` days before `at` (with its ledger row): it ends 30 − daysAgo days after `at`. */
  const paidComercio = async (nombre: string, daysAgo: number, at = NOW) => {
    const id = await insertComercio(database.db, at, { nombre, pagadoHaceDias: daysAgo, propietarioId: owner.userId });
    const start = addDays(at, -daysAgo);
    await database.db.insert(pagos).values({
      comercioId: id,
      userId: owner.userId,
      externalReference: `comercio_${id}`,
      provider: 'sandbox',
      idempotencyKey: `fixture-${id}`,
      amount: '450',
      currency: 'ARS',
      status: 'processed',
      appliedAt: start,
      periodStart: start,
      periodEnd: addDays(start, 30),
    });
    return id;
  };
  const comercio = async (id: number) => (await database.db.select().from(comercios).where(eq(comercios.id, id)))[0]!;
  const attempts = (id: number) => database.db.select().from(pagos).where(eq(pagos.comercioId, id));

  it('refuses to charge with 8 days left (the spec 409), saying when renewal opens', async () => {
    const id = await paidComercio('Ocho días', 22);
    const res = await pay(t, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('already_published');
    expect(res.json().error.message).toMatch(
      /^Este comercio ya tiene una publicación vigente: podés renovarla desde el /,
    );
    expect(await attempts(id)).toHaveLength(1);
  });

  it('renews with 7 days left: the new 30 days start when the current ones end', async () => {
    const id = await paidComercio('Siete días', 23);
    const oldEnd = addDays((await comercio(id)).fechaPago!, 30);
    const res = await pay(t, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processed', mensaje: 'Pago exitoso' });
    const c = await comercio(id);
    expect(c.fechaPago).toEqual(oldEnd);
    const [, attempt] = await attempts(id).orderBy(pagos.id);
    expect(attempt).toMatchObject({ status: 'processed', periodStart: oldEnd, periodEnd: addDays(oldEnd, 30) });
    expect(attempt!.appliedAt).not.toBeNull();
    // Still public now (the current period) and until the end of the new one.
    const detail = await t.app.inject({ method: 'GET', url: `/api/comercios/${id}` });
    expect(detail.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/mis-comercios', headers: { cookie: owner.cookie } });
    expect(mine.json().items.find((x: { id: number }) => x.id === id).fechaPago).toBe(oldEnd.toISOString());
    // Renewed: the new end is 37 days away, so another payment is refused again.
    expect((await pay(t, id)).statusCode).toBe(409);
    expect(await checkInvariants(database.db, { now: NOW })).toEqual([]);
  });

  it('records the period of a first payment from the approval', async () => {
    const id = await insertComercio(database.db, NOW, {
      nombre: 'Nuevo',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    expect((await pay(t, id)).statusCode).toBe(200);
    const [attempt] = await attempts(id);
    expect(attempt!.periodStart).toEqual((await comercio(id)).fechaPago);
    expect(attempt!.periodEnd).toEqual(addDays(attempt!.periodStart!, 30));
  });

  it('reconciles a renewal whose notification was lost, from the old end even after it passed', async () => {
    const T0 = new Date(NOW.getTime() - 3600_000);
    const id = await paidComercio('Renovación reconciliada', 25, T0);
    const oldEnd = addDays((await comercio(id)).fechaPago!, 30);
    // A pending card (CONT) inside the window, on an instance that dies before its notification.
    const dying = await createTestApp(database, { now: T0, sandboxPendingMs: 300 });
    const res = await pay(dying, id, 'CONT');
    expect(res.json()).toMatchObject({ status: 'processing' });
    await dying.app.close();
    const orderId = res.json<PaymentResult>().order_id!;

    // Reconciled two days after the old period ended: the owner paid inside the window, so no day is lost.
    const later = addDays(oldEnd, 2);
    const deps = { db: database.db, provider: t.deps.payments.provider, now: () => later };
    expect(await reconcilePayments(deps, undefined, { atStartup: true })).toBe(1);
    const [attempt] = await database.db.select().from(pagos).where(eq(pagos.providerOrderId, orderId));
    expect(attempt).toMatchObject({ status: 'processed', periodStart: oldEnd, periodEnd: addDays(oldEnd, 30) });
    expect((await comercio(id)).fechaPago).toEqual(oldEnd);
    expect(await checkInvariants(database.db, { now: later })).toEqual([]);
  });
});
