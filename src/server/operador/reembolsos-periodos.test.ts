import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/dates';
import { comercios, pagos } from '#server/db/schema';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { checkInvariants } from '#test/server/invariants';
import { sandboxOrderBody } from '#test/server/pagos';
import { auditRows, operatorSuite } from './testing';

const T0 = new Date('2026-03-01T12:00:00-03:00');
/** Inside the renewal window: 5 paid days left of the first period. */
const RENEWED_AT = addDays(T0, 25);

/**
 * Refunding one period of a renewed publication (issue 28, L3): "terminar" ends that period only, and the
 * publication keeps the other one, whichever of the two is refunded (ADR 036).
 */
describe.each(DATABASE_KINDS)('refunding one of two paid periods on %s', (kind) => {
  const s = operatorSuite(kind, {
    app: { now: T0 },
    owner: { email: 'periodos@example.com', name: 'Kiosco', password: 'clave-duena' },
    operatorPassword: 'clave-opera',
  });
  const { call, owner, operator } = s;

  /** A business paid at T0 and renewed 25 days later: two periods, [T0, T0+30) and [T0+30, T0+60). */
  async function renewedBusiness(nombre: string) {
    s.t.setNow(T0);
    const id = await insertComercio(s.database.db, T0, { nombre, pagadoHaceDias: null, propietarioId: owner.userId });
    const pay = async () => {
      const res = await call('POST', '/api/payments/process_order', owner.cookie, sandboxOrderBody(id));
      expect(res.json().status).toBe('processed');
    };
    await pay();
    s.t.setNow(RENEWED_AT);
    await pay();
    const [first, second] = await s.database.db.select().from(pagos).where(eq(pagos.comercioId, id)).orderBy(pagos.id);
    expect(second!.periodStart).toEqual(first!.periodEnd);
    return { id, first: first!, second: second! };
  }
  const refund = (pagoId: number) =>
    call('POST', `/api/operador/pagos/${pagoId}/reembolsar`, operator.cookie, {
      motivo: 'Cobro duplicado',
      publicacion: 'terminar',
      password: 'clave-opera',
    });
  async function publicAt(id: number, at: Date): Promise<boolean> {
    s.t.setNow(at);
    const res = await s.t.app.inject({ method: 'GET', url: `/api/comercios/${id}` });
    return res.statusCode === 200;
  }
  const fechaPago = async (id: number) =>
    (await s.database.db.select().from(comercios).where(eq(comercios.id, id)))[0]!.fechaPago;

  it('refunding the renewal keeps the running period to its end', async () => {
    const { id, first, second } = await renewedBusiness('Kiosco Renovado Uno');
    expect((await refund(second.id)).statusCode).toBe(200);
    expect(await fechaPago(id)).toEqual(first.periodStart);
    expect(await publicAt(id, RENEWED_AT)).toBe(true);
    expect(await publicAt(id, addDays(first.periodEnd!, -0.01))).toBe(true);
    expect(await publicAt(id, addDays(first.periodEnd!, 0.01))).toBe(false);
    expect((await auditRows(s.database.db)).at(-1)!.after).toMatchObject({
      publicacion: 'terminada',
      publicacionHasta: first.periodEnd!.toISOString(),
    });
    for (const at of [RENEWED_AT, addDays(first.periodEnd!, 1)])
      expect(await checkInvariants(s.database.db, { now: at })).toEqual([]);
  });

  it('refunding the running period ends it now and the renewal starts at once, its 30 days whole', async () => {
    const { id, first, second } = await renewedBusiness('Kiosco Renovado Dos');
    expect((await refund(first.id)).statusCode).toBe(200);
    const [moved] = await s.database.db.select().from(pagos).where(eq(pagos.id, second.id));
    expect(moved).toMatchObject({ status: 'processed', periodStart: RENEWED_AT, periodEnd: addDays(RENEWED_AT, 30) });
    expect(await fechaPago(id)).toEqual(RENEWED_AT);
    expect(await publicAt(id, RENEWED_AT)).toBe(true);
    expect(await publicAt(id, addDays(RENEWED_AT, 29.99))).toBe(true);
    expect(await publicAt(id, addDays(RENEWED_AT, 30.01))).toBe(false);
    expect((await auditRows(s.database.db)).at(-1)!.after).toMatchObject({
      publicacion: 'terminada',
      periodosMovidos: [{ pagoId: second.id }],
    });
    for (const at of [RENEWED_AT, addDays(RENEWED_AT, 29), addDays(RENEWED_AT, 31)])
      expect(await checkInvariants(s.database.db, { now: at })).toEqual([]);
  });

  it('refunding both ends the publication', async () => {
    const { id, first, second } = await renewedBusiness('Kiosco Renovado Tres');
    expect((await refund(second.id)).statusCode).toBe(200);
    expect((await refund(first.id)).statusCode).toBe(200);
    expect(await publicAt(id, RENEWED_AT)).toBe(false);
    expect(await fechaPago(id)).toBeNull();
    expect(await checkInvariants(s.database.db, { now: RENEWED_AT })).toEqual([]);
  });
});
