import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { splitCategorias } from '#shared/categorias';
import { queryRows } from '#server/db/client';
import { comercios } from '#server/db/schema';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { listPublishedCategorias } from './public-service';

const NOW = new Date('2026-11-22T15:00:00Z');

/**
 * The category chips read comercio_categorias, which a trigger keeps from comercios.categorias (ADR 056): every
 * way a business's categories or publication change must show in the list at once, as the scan of every business
 * it replaces did.
 */
describe.each(DATABASE_KINDS)('the categories of published businesses, on %s', (kind) => {
  const ctx = useTestDatabase(kind);
  const list = () => listPublishedCategorias(ctx.database.db, NOW);
  const setCategorias = (id: number, categoria: string) =>
    ctx.database.db
      .update(comercios)
      .set({ categoria, categorias: splitCategorias(categoria) })
      .where(eq(comercios.id, id));
  /** What the list was before comercio_categorias: the categories of published businesses, unnested. */
  const scanned = async () =>
    (
      await queryRows<{ categoria: string }>(
        ctx.database.db,
        sql`SELECT DISTINCT unnest(categorias) AS categoria FROM comercios
            WHERE pago_status AND fecha_pago > ${new Date(NOW.getTime() - 30 * 86_400_000).toISOString()}::timestamptz
              AND oculto_motivo IS NULL`,
      )
    )
      .map((r) => r.categoria)
      .sort();

  it('follows new businesses, edited categories, publication and deletion', async () => {
    const db = ctx.database.db;
    const espiga = await insertComercio(db, NOW, { nombre: 'La Espiga', categoria: 'Panadería, Pastelería' });
    const cafe = await insertComercio(db, NOW, { nombre: 'Café del Parque', categoria: 'Café' });
    await insertComercio(db, NOW, { nombre: 'Sin pagar', categoria: 'Kiosco', pagadoHaceDias: null });
    await insertComercio(db, NOW, { nombre: 'Vencido', categoria: 'Vinoteca', pagadoHaceDias: 30 });
    expect(await list()).toEqual(['Café', 'Panadería', 'Pastelería']);

    // An owner's own category and a changed list: the old ones go, the new ones come.
    await setCategorias(espiga, 'Panadería, Sandwichería artesanal');
    expect(await list()).toEqual(['Café', 'Panadería', 'Sandwichería artesanal']);

    // Another column changes: the rows stay as they are.
    await db.update(comercios).set({ nombre: 'La Espiga de Oro' }).where(eq(comercios.id, espiga));
    expect(await list()).toEqual(['Café', 'Panadería', 'Sandwichería artesanal']);

    // Two businesses share a category; one stops being published: the category stays while the other is.
    await setCategorias(cafe, 'Café, Panadería');
    await db.update(comercios).set({ pagoStatus: false }).where(eq(comercios.id, espiga));
    expect(await list()).toEqual(['Café', 'Panadería']);
    await db
      .update(comercios)
      .set({ ocultoMotivo: 'Prueba', ocultoPor: 'moderacion', ocultoAt: NOW })
      .where(eq(comercios.id, cafe));
    expect(await list()).toEqual([]);
    await db
      .update(comercios)
      .set({ ocultoMotivo: null, ocultoPor: null, ocultoAt: null })
      .where(eq(comercios.id, cafe));
    await db.update(comercios).set({ pagoStatus: true }).where(eq(comercios.id, espiga));
    expect(await list()).toEqual(['Café', 'Panadería', 'Sandwichería artesanal']);

    // A deleted business takes its rows with it.
    await db.delete(comercios).where(eq(comercios.id, espiga));
    expect(await list()).toEqual(['Café', 'Panadería']);
    expect(await list()).toEqual(await scanned());
  });

  it('is what unnesting every published business gives, in Spanish order', async () => {
    await insertComercio(ctx.database.db, NOW, { nombre: 'Óptica', categoria: 'Óptica, Almacén, Zapatería' });
    await insertComercio(ctx.database.db, NOW, { nombre: 'Estética', categoria: 'Estética, Ótra cosa' });
    const found = await list();
    expect([...found].sort()).toEqual(await scanned());
    expect(found).toEqual(['Almacén', 'Café', 'Estética', 'Óptica', 'Ótra cosa', 'Panadería', 'Zapatería']);
  });
});
