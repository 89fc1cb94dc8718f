import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioCard, Page } from '#shared/api';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { compareEs, foldAccents } from '#shared/text';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

const NOW = new Date('2026-11-22T15:00:00Z');

/**
 * The search's pages read one rank at a time (name matches, the rest of the business's text, promotions only):
 * every page must be the slice of the one order the search promises, pages meeting across ranks included.
 */
describe.each(DATABASE_KINDS)('search pages across ranks on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });
  const expected: Array<{ nombre: string; rank: number; destacado: boolean }> = [];

  beforeAll(async () => {
    const db = ctx.database.db;
    const add = async (nombre: string, rank: number, destacado: boolean, descripcion = 'Del barrio.') => {
      const id = await insertComercio(db, NOW, { nombre, destacado, descripcion });
      expected.push({ nombre, rank, destacado });
      return id;
    };
    // Names chosen so that alphabetical order and rank disagree (a "Zeta" name match comes before "Alfa" text).
    for (const [i, letra] of ['Zeta', 'Beta', 'Ómega', 'Delta', 'Kappa', 'Sigma', 'Tau', 'Eta'].entries())
      await add(`Lunar ${letra}`, 0, i === 3);
    for (const [i, letra] of ['Alfa', 'Gamma', 'Épsilon', 'Iota', 'Lambda', 'Mi', 'Ni', 'Xi', 'Rho'].entries())
      await add(`Almacén ${letra}`, 1, i === 5, `Abrimos los días de luna LUNAR llena.`);
    for (const letra of ['Ana', 'Bruno', 'Carla', 'Dario', 'Elsa', 'Fede', 'Gabi', 'Hugo']) {
      const id = await add(`Kiosco ${letra}`, 2, false);
      await insertPromocion(db, id, { titulo: 'Noche lunar 2x1', fechaVencimiento: '2026-12-30' });
    }
    // Neither: must never appear.
    await insertComercio(db, NOW, { nombre: 'Solar', descripcion: 'Sol todo el día.' });
    expected.sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(b.destacado) - Number(a.destacado) ||
        compareEs(foldAccents(a.nombre), foldAccents(b.nombre)),
    );
  });

  it('gives every page in the one order: name matches, other text, promotions; featured then by name in each', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios?q=lunar&page=${page}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<Page<ComercioCard>>();
      const start = (page - 1) * COMERCIO_PAGE_SIZE;
      expect(
        body.items.map((c) => c.nombre),
        `page ${page}`,
      ).toEqual(expected.slice(start, start + COMERCIO_PAGE_SIZE).map((e) => e.nombre));
      expect(body.hasMore, `page ${page}`).toBe(start + COMERCIO_PAGE_SIZE < expected.length);
      seen.push(...body.items.map((c) => c.nombre));
      // Promotion-only matches say which promotion found them.
      for (const card of body.items)
        expect(card.promoCoincidente ?? null, card.nombre).toBe(
          card.nombre.startsWith('Kiosco') ? 'Noche lunar 2x1 (20%)' : null,
        );
    }
    expect(seen).toHaveLength(expected.length);
    const past = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios?q=lunar&page=4' });
    expect(past.json<Page<ComercioCard>>()).toMatchObject({ items: [], hasMore: false });
  });

  it('keeps the filters in every rank', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios?q=lunar&localidad=Godoy%20Cruz' });
    expect(res.json<Page<ComercioCard>>().items).toEqual([]);
  });
});
