import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioCard, Page } from '#shared/api';
import { searchTerms } from '#shared/busqueda';
import { queryRows } from '#server/db/client';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { publishedWhere } from './published';
import { searchQuery } from './public-service';

const NOW = new Date('2026-11-22T15:00:00Z'); // 12:00 in Mendoza

describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });

  beforeAll(async () => {
    const db = ctx.database.db;
    const tana = await insertComercio(db, NOW, {
      nombre: 'Pizzería La Tana',
      categoria: 'Pizzería',
      localidad: 'Godoy Cruz',
      servicios: ['Delivery', 'Wifi'],
    });
    await insertPromocion(db, tana, {
      titulo: '2x1 en muzza',
      descripcion: 'Llevás dos pizzas y pagás una.',
      descuento: '2x1',
      fechaVencimiento: '2026-11-30',
    });
    await insertPromocion(db, tana, {
      titulo: 'Fainá gratis',
      descripcion: 'Con cada grande.',
      fechaVencimiento: '2026-11-01',
    }); // expired
    const lola = await insertComercio(db, NOW, {
      nombre: 'Verdulería Lola',
      categoria: 'Verdulería',
      localidad: 'Guaymallen',
      servicios: ['Envíos a domicilio'],
    });
    await insertPromocion(db, lola, {
      titulo: 'Combo guacamole',
      descripcion: 'Palta, tomate y limón a precio especial.',
      fechaVencimiento: '2026-12-10',
    });
    await insertPromocion(db, lola, {
      titulo: 'Frutillas',
      descripcion: 'Sin vigencia',
      fechaVencimiento: '2026-12-10',
      activa: false,
    });
    const muzzaBar = await insertComercio(db, NOW, {
      nombre: 'Muzza Bar',
      categoria: 'Restaurante',
      localidad: 'Capital',
    });
    await insertPromocion(db, muzzaBar, { titulo: 'Muzza 2x1 los martes', fechaVencimiento: '2026-12-01' });
    await insertComercio(db, NOW, {
      nombre: 'Rotisería Doña Ana',
      categoria: 'Rotisería',
      localidad: 'Capital',
      descripcion: 'Empanadas y muzza al molde.',
    });
    await insertComercio(db, NOW, { nombre: 'Almacén Godoy', categoria: 'Almacén', localidad: 'Capital' });
    const farmacia = await insertComercio(db, NOW, {
      nombre: 'Farmacia Sur',
      categoria: 'Farmacia',
      localidad: 'Capital',
    });
    await insertPromocion(db, farmacia, {
      titulo: 'Dermocosmética',
      descripcion: 'Líneas seleccionadas.',
      descuento: '3x2',
      fechaVencimiento: '2026-12-10',
    });
    const hidden = await insertComercio(db, NOW, {
      nombre: 'Kiosco Oculto',
      categoria: 'Kiosco',
      localidad: 'Guaymallen',
      pagadoHaceDias: null,
    });
    await insertPromocion(db, hidden, { titulo: 'Palta barata', fechaVencimiento: '2026-12-10' });
  });

  const list = async (q: string, extra = '') => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios?q=${encodeURIComponent(q)}${extra}` });
    expect(res.statusCode).toBe(200);
    return res.json<Page<ComercioCard>>().items;
  };
  const names = (items: ComercioCard[]) => items.map((c) => c.nombre);

  it('finds visible promotions of published businesses by title or description, and says which one', async () => {
    const twoForOne = await list('2X1');
    expect(names(twoForOne)).toEqual(['Muzza Bar', 'Pizzería La Tana']);
    expect(twoForOne.find((c) => c.nombre === 'Pizzería La Tana')?.promoCoincidente).toBe('2x1 en muzza');
    const palta = await list('palta');
    expect(names(palta)).toEqual(['Verdulería Lola']);
    expect(palta[0]!.promoCoincidente).toBe('Combo guacamole (20%)');
    // The discount counts too; the card then names it with the title.
    expect((await list('3X2')).map((c) => [c.nombre, c.promoCoincidente])).toEqual([
      ['Farmacia Sur', 'Dermocosmética (3x2)'],
    ]);
    // Expired, inactive, or of an unpublished business: not found.
    expect(await list('faina')).toEqual([]);
    expect(await list('frutillas')).toEqual([]);
    expect(names(await list('barata'))).toEqual([]);
  });

  it('ranks name matches first, then other fields of the business, then promotions', async () => {
    const muzza = await list('MUZZA');
    expect(names(muzza)).toEqual(['Muzza Bar', 'Rotisería Doña Ana', 'Pizzería La Tana']);
    expect(muzza.map((c) => c.promoCoincidente)).toEqual([undefined, undefined, '2x1 en muzza']);
  });

  it('matches services and the locality name, accent- and case-insensitively', async () => {
    expect(names(await list('delivery'))).toEqual(['Pizzería La Tana']);
    expect(names(await list('envios'))).toEqual(['Verdulería Lola']);
    expect(names(await list('godoy'))).toEqual(['Almacén Godoy', 'Pizzería La Tana']);
    expect(names(await list('Guaymallén'))).toEqual(['Verdulería Lola']);
  });

  it('keeps the other filters: a promotion match outside the chosen locality is not shown', async () => {
    expect(names(await list('muzza', '&localidad=Capital'))).toEqual(['Muzza Bar', 'Rotisería Doña Ana']);
    expect(names(await list('palta', '&localidad=Capital'))).toEqual([]);
  });

  it('finds each word in any field of the business, or all of them in one promotion, but never one word across two', async () => {
    expect(names(await list('delivery wifi'))).toEqual(['Pizzería La Tana']); // two services
    expect(names(await list('la tana godoy'))).toEqual(['Pizzería La Tana']); // name and locality
    expect(names(await list('llevas muzza'))).toEqual(['Pizzería La Tana']); // one promotion's title and description
    // A word of the business and another of its promotion: neither side holds both.
    expect(names(await list('wifi llevas'))).toEqual([]);
    // A line break never reaches the query: control characters are read as spaces before searching.
    expect(names(await list('wifi\ngodoy'))).toEqual(names(await list('wifi godoy')));
    expect(await list('ifigo')).toEqual([]); // the end of "wifi" and the start of "godoy"
  });

  it('can answer from the trigram indexes of both tables (no sequential scan of either)', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(
        tx,
        sql`EXPLAIN ${searchQuery(searchTerms('muzza'), 1, [publishedWhere(NOW)], NOW)}`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    // Which index wins (trigram, published, visible-by-expiry) depends on the statistics: on these few rows
    // the narrowest filter; `tsx bench/explain-search.ts` shows the trigram ones with thousands of rows.
    expect(plan).toMatch(/Index Scan on comercios_(search_trgm|published)/);
    expect(plan).toMatch(/Index Scan on promociones_(search_trgm|vencimiento)/);
    expect(plan).not.toMatch(/Seq Scan on (comercios|promociones)/);
  });
});
