import { describe, expect, it } from 'vitest';
import type { Comprobante, PagosDeComercio } from '#shared/comprobantes';
import { medioDePagoText } from '#shared/comprobantes';
import { addDays } from '#shared/rules/dates';
import { signUp, TEST_ORIGIN } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { useTestApp } from '#test/server/app';
import { sandboxOrderBody } from '#test/server/pagos';

describe('means of payment in words', () => {
  it('names the brand, the kind of card and the installments', () => {
    expect(medioDePagoText({ id: 'visa', type: 'credit_card', installments: 1 })).toBe(
      'Visa · tarjeta de crédito · 1 cuota',
    );
    expect(medioDePagoText({ id: 'debmaster', type: 'debit_card', installments: 1 })).toBe(
      'Mastercard Débito · tarjeta de débito · 1 cuota',
    );
    expect(medioDePagoText({ id: 'naranja', type: 'credit_card', installments: 3 })).toBe(
      'Naranja · tarjeta de crédito · 3 cuotas',
    );
    expect(medioDePagoText(undefined)).toBe('Tarjeta');
  });
});

describe.each(DATABASE_KINDS)('payment history and receipts, on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('lists every attempt in Spanish and gives a receipt only for the processed one, only to its owner', async () => {
    const { app } = ctx.t;
    const owner = await signUp(app, `recibo-${kind}@example.com`);
    const other = await signUp(app, `ajena-${kind}@example.com`);
    const id = await insertComercio(ctx.database.db, new Date(), {
      nombre: 'Panadería del Recibo',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    const pay = (holder: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/process_order',
        payload: sandboxOrderBody(id, holder),
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      });
    expect((await pay('FUND')).json()).toMatchObject({ status: 'failed' });
    const approved = await pay('APRO');
    expect(approved.json()).toMatchObject({ status: 'processed' });

    const history = await app.inject({
      method: 'GET',
      url: `/api/comercios/${id}/pagos`,
      headers: { cookie: owner.cookie },
    });
    expect(history.statusCode).toBe(200);
    expect(history.headers['cache-control']).toBe('private, no-store');
    const { items } = history.json<PagosDeComercio>();
    expect(items.map((p) => [p.estado, p.monto, p.comprobante])).toEqual([
      ['aprobado', 450, true],
      ['rechazado', 450, false],
    ]);
    const [paid, failed] = items as [PagosDeComercio['items'][number], PagosDeComercio['items'][number]];
    expect(failed.periodoDesde).toBeNull();
    expect(new Date(paid.periodoHasta!)).toEqual(addDays(new Date(paid.periodoDesde!), 30));

    const receipt = await app.inject({
      method: 'GET',
      url: `/api/pagos/${paid.id}/comprobante`,
      headers: { cookie: owner.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    const c = receipt.json<Comprobante>();
    expect(c).toMatchObject({
      pagoId: paid.id,
      comercio: { id, nombre: 'Panadería del Recibo' },
      monto: 450,
      moneda: 'ARS',
      periodoDesde: paid.periodoDesde,
      periodoHasta: paid.periodoHasta,
      medioDePago: 'Visa · tarjeta de crédito · 1 cuota',
      ordenId: approved.json().order_id,
      proveedor: 'sandbox',
    });
    expect(Math.abs(Date.parse(c.fecha) - Date.now())).toBeLessThan(60_000);

    // A rejected payment has no receipt; another owner sees neither the receipt nor the history; a guest must log in.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/pagos/${failed.id}/comprobante`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(404);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/pagos/${paid.id}/comprobante`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No encontramos este comprobante.');
    expect(
      (await app.inject({ method: 'GET', url: `/api/comercios/${id}/pagos`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/pagos/${paid.id}/comprobante` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/pagos/abc/comprobante', headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(400);
  });
});
