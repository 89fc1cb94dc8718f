import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/dates';
import type { PagoStatus } from '#shared/pagos';
import { comercios, opiniones, pagos, user } from '#server/db/schema';
import { DATABASE_KINDS, useTestDatabase } from './databases';
import { insertComercio, insertPromocion } from './fixtures';
import { checkInvariants } from './invariants';

const NOW = new Date('2026-03-10T15:00:00Z');

describe.each(DATABASE_KINDS)('checkInvariants on %s', (kind) => {
  const ctx = useTestDatabase(kind);

  beforeAll(async () => {
    await ctx.database.db.insert(user).values([
      { id: 'u1', name: 'Dueña', email: 'u1@example.com', emailVerified: false, createdAt: NOW, updatedAt: NOW },
      { id: 'u2', name: 'Vecino', email: 'u2@example.com', emailVerified: false, createdAt: NOW, updatedAt: NOW },
    ]);
  });

  const pago = (comercioId: number | null, status: PagoStatus, appliedAt: Date | null, n: number) =>
    ctx.database.db.insert(pagos).values({
      comercioId,
      userId: 'u1',
      externalReference: `comercio_${comercioId ?? 0}`,
      provider: 'sandbox',
      providerOrderId: `ORD-${n}`,
      idempotencyKey: `key-${n}`,
      amount: '450',
      currency: 'ARS',
      status,
      appliedAt,
      periodStart: appliedAt,
      periodEnd: appliedAt && addDays(appliedAt, 30),
    });

  it('finds nothing in consistent data: sample businesses, a paid owner business, an expired one, a refunded payment', async () => {
    await insertComercio(ctx.database.db, NOW, { nombre: 'Muestra', propietarioId: null, pagadoHaceDias: 3 });
    const paid = await insertComercio(ctx.database.db, NOW, {
      nombre: 'Pagado',
      propietarioId: 'u1',
      pagadoHaceDias: 2,
    });
    await pago(paid, 'processed', addDays(NOW, -2), 1);
    await insertComercio(ctx.database.db, NOW, { nombre: 'Vencido', propietarioId: 'u1', pagadoHaceDias: 40 });
    await pago(null, 'refunded', null, 2);
    await pago(null, 'failed', null, 3);
    // Rated from its visible opinions (a hidden one does not count).
    await ctx.database.db.insert(opiniones).values([
      { comercioId: paid, userId: 'u1', estrellas: 4, texto: 'Muy buena atención.' },
      {
        comercioId: paid,
        userId: 'u2',
        estrellas: 1,
        texto: 'Texto que se ocultó.',
        ocultoMotivo: 'Ofensivo',
        ocultoPor: 'moderacion',
        ocultoAt: NOW,
      },
    ]);
    await ctx.database.db.update(comercios).set({ rating: 4, opinionesCount: 1 }).where(eq(comercios.id, paid));
    expect(await checkInvariants(ctx.database.db, { now: NOW })).toEqual([]);
  });

  it('reports each broken rule with the rows involved', async () => {
    const free = await insertComercio(ctx.database.db, NOW, {
      nombre: 'Publicado gratis',
      propietarioId: 'u1',
      pagadoHaceDias: 1,
    });
    const old = await insertComercio(ctx.database.db, NOW, {
      nombre: 'Pago viejo',
      propietarioId: 'u1',
      pagadoHaceDias: 1,
    });
    await pago(old, 'processed', addDays(NOW, -31), 4);
    await pago(null, 'processed', null, 5);
    await insertComercio(ctx.database.db, NOW, {
      nombre: 'Sin imagen',
      propietarioId: 'u1',
      pagadoHaceDias: null,
      imagen: 'f'.repeat(32),
    });
    const withPromo = await insertComercio(ctx.database.db, NOW, {
      nombre: 'Con promo',
      propietarioId: 'u1',
      pagadoHaceDias: null,
    });
    const promo = await insertPromocion(ctx.database.db, withPromo, { fechaVencimiento: '2026-04-01' });
    // Only a broken foreign key (a bug, a manual edit) can leave an orphan promotion: simulate one.
    await ctx.database.db.execute(sql`ALTER TABLE promociones DROP CONSTRAINT promociones_comercio_id_comercios_id_fk`);
    await ctx.database.db.execute(sql`DELETE FROM comercios WHERE id = ${withPromo}`);

    // A rating with no opinion behind it.
    const unrated = await insertComercio(ctx.database.db, NOW, { nombre: 'Estrellas sin opiniones' });
    await ctx.database.db.update(comercios).set({ rating: 4.5, opinionesCount: 2 }).where(eq(comercios.id, unrated));

    const found = await checkInvariants(ctx.database.db, { now: NOW });
    expect(found.map((v) => v.invariant).sort()).toEqual([
      'image_missing',
      'payment_unapplied',
      'promocion_without_comercio',
      'published_without_payment',
      'published_without_payment',
      'rating_not_from_opinions',
    ]);
    expect(found.find((v) => v.invariant === 'rating_not_from_opinions')!.detail).toContain(`comercio ${unrated} `);
    expect(
      found.find((v) => v.invariant === 'published_without_payment' && v.detail.includes(`comercio ${free} `)),
    ).toBeDefined();
    expect(
      found.find((v) => v.invariant === 'published_without_payment' && v.detail.includes(`comercio ${old} `)),
    ).toBeDefined();
    expect(found.find((v) => v.invariant === 'payment_unapplied')!.detail).toContain('ORD-5');
    expect(found.find((v) => v.invariant === 'promocion_without_comercio')!.detail).toContain(`promocion ${promo}`);
    expect(found.find((v) => v.invariant === 'image_missing')!.detail).toContain('f'.repeat(32));
  });
});
