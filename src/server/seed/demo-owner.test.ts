import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comercio } from '#shared/api';
import type { Comprobante, PagoHistorialItem } from '#shared/comprobantes';
import { renewalState } from '#shared/rules/renewal';
import { loadConfig } from '#server/config';
import { queryRows } from '#server/db/client';
import { user } from '#server/db/schema';
import { cookieHeader, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { DEMO_OWNER_DEFAULT_PASSWORD, DEMO_OWNER_EMAIL, demoOwnerPassword } from './demo-owner';
import { seedSampleData } from './seed';

describe('the demo owner password', () => {
  it('is DEMO_OWNER_PASSWORD when set, the documented one on http, and none on an https address', () => {
    expect(demoOwnerPassword(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }))).toBe(DEMO_OWNER_DEFAULT_PASSWORD);
    expect(demoOwnerPassword(loadConfig({ PORT: '3000' }))).toBe(DEMO_OWNER_DEFAULT_PASSWORD);
    expect(
      demoOwnerPassword(loadConfig({ PUBLIC_URL: 'https://vidriera.example', PAYMENTS_PROVIDER: 'sandbox' })),
    ).toBeNull();
    expect(
      demoOwnerPassword(
        loadConfig({
          PUBLIC_URL: 'https://vidriera.example',
          PAYMENTS_PROVIDER: 'sandbox',
          DEMO_OWNER_PASSWORD: 'otra-clave-larga',
        }),
      ),
    ).toBe('otra-clave-larga');
  });
});

describe.each(DATABASE_KINDS)('the sample data with its demo owner, on %s', (kind) => {
  const NOW = new Date('2026-11-22T15:00:00Z');
  const ctx = useTestApp(kind, { now: NOW });
  const signIn = (password: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: DEMO_OWNER_EMAIL, password },
    });

  it('has no demo account without a password, and one that owns a business inside its renewal window with one', async () => {
    const { db } = ctx.database;
    expect(await seedSampleData(db, NOW)).toBeGreaterThan(0);
    // The sample visitors who wrote the sample opinions are accounts too (without a password); the demo owner is not.
    expect(await db.select().from(user).where(eq(user.email, DEMO_OWNER_EMAIL))).toEqual([]);
    expect((await signIn(DEMO_OWNER_DEFAULT_PASSWORD)).statusCode).toBe(401);

    // Seeded again on an empty database, this time with the demo owner.
    await db.execute(sql`DELETE FROM comercios`);
    await seedSampleData(db, NOW, { demoOwnerPassword: DEMO_OWNER_DEFAULT_PASSWORD });
    expect((await signIn('otra-clave')).statusCode).toBe(401);
    const res = await signIn(DEMO_OWNER_DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers['set-cookie']);

    const mine = await ctx.t.app.inject({ method: 'GET', url: '/api/mis-comercios', headers: { cookie } });
    const items = mine.json<{ items: Comercio[] }>().items;
    expect(items.map((c) => c.nombre)).toEqual(['Luz Total Electricidad']);
    const [comercio] = items;
    const state = renewalState(comercio!, NOW);
    expect(state.kind).toBe('renew');

    // Its history holds the approved payment that published it, with a receipt.
    const historial = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/comercios/${comercio!.id}/pagos`,
      headers: { cookie },
    });
    const [pago] = historial.json<{ items: PagoHistorialItem[] }>().items;
    expect(pago).toMatchObject({
      status: 'processed',
      monto: 450,
      comprobante: true,
      periodoDesde: comercio!.fechaPago,
    });
    const recibo = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/pagos/${pago!.id}/comprobante`,
      headers: { cookie },
    });
    expect(recibo.json<Comprobante>()).toMatchObject({
      comercio: { id: comercio!.id, nombre: 'Luz Total Electricidad' },
      medioDePago: 'Visa · tarjeta de crédito · 1 cuota',
      proveedor: 'sandbox',
    });
    // Every other sample business stays without an owner.
    const [{ owned } = { owned: -1 }] = await queryRows<{ owned: number }>(
      db,
      sql`SELECT count(*)::int AS owned FROM comercios WHERE propietario_id IS NOT NULL`,
    );
    expect(owned).toBe(1);
  });
});
