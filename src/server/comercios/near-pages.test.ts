import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComercioCard, ComercioMapa, Page, PromocionCard } from '#shared/api';
import { COMERCIO_PAGE_SIZE, PROMO_PAGE_SIZE } from '#shared/constants';
import { distanceMeters, planeMeters, toPlane } from '#shared/rules/geo';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client';
import { createTestApp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { NEAR_WALK_MAX_ROWS } from './near';
import { publicationSince } from './published';
import { nearGridQuery } from './public-service';

const NOW = new Date('2026-11-22T15:00:00Z');
/**
 * A visitor at the southern edge of Greater Mendoza, already on the API's 3-decimal grid. There a degree of
 * longitude is shorter than the index's flat map says, so pins due east look 0.2% farther than they are.
 */
const VISITOR = { lat: -33.12, lng: -68.84 };
const near = `lat=${VISITOR.lat}&lng=${VISITOR.lng}`;
const METERS_PER_DEGREE = 111_195;

/**
 * "Cerca mío" pages where the index's order and the real one disagree: thirty kiosks east and north of the
 * visitor, alternately, 10 cm farther each, so the flat order interleaves differently from the real one right
 * at the page edges. Every answer must still follow the real distance (ADR 019, "Nearest by index").
 */
describe.each(DATABASE_KINDS)('"Cerca mío" pages on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const pins: Array<{ id: number; nombre: string; lat: number; lng: number }> = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: NOW });
    for (let i = 0; i < 30; i++) {
      const meters = 800 + i * 0.1;
      const east = meters / (METERS_PER_DEGREE * Math.cos((VISITOR.lat * Math.PI) / 180));
      const ubicacion =
        i % 2
          ? { lat: VISITOR.lat + meters / METERS_PER_DEGREE, lng: VISITOR.lng }
          : { lat: VISITOR.lat, lng: VISITOR.lng + east };
      const nombre = `Kiosco ${String(i + 1).padStart(2, '0')}`;
      const id = await insertComercio(database.db, NOW, {
        nombre,
        categoria: 'Kiosco',
        localidad: 'Godoy Cruz',
        ubicacion,
      });
      await insertPromocion(database.db, id, { titulo: `Promo ${nombre}`, fechaVencimiento: '2026-12-30' });
      pins.push({ id, nombre, ...ubicacion });
    }
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  const byRealDistance = () =>
    [...pins]
      .sort((a, b) => distanceMeters(VISITOR, a) - distanceMeters(VISITOR, b) || a.id - b.id)
      .map((p) => p.nombre);

  async function get<T>(url: string): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }

  it('walks the comercios_cerca index nearest first', async () => {
    // Thirty rows are cheaper to sort than to walk: take the cheap plans away to see the index one exists.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      // The prepared statement's text with this visitor's values written in: the plan of a custom plan.
      const { sql: text, params } = nearGridQuery(tx, { categoria: false, localidad: false }).toSQL();
      const values = fillPlaceholders(params, { ...toPlane(VISITOR), since: publicationSince(NOW), limit: 22 });
      const literal = text.replace(/\$(\d+)/g, (_, i: string) => {
        const value = values[Number(i) - 1];
        return typeof value === 'number' ? String(value) : `'${String(value)}'`;
      });
      const rows = await queryRows<Record<string, string>>(tx, sql.raw(`EXPLAIN ${literal}`));
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using comercios_cerca/);
    expect(plan).toMatch(/Order By: \(point\(/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('is a case where the flat order differs from the real one', () => {
    const flat = [...pins].sort((a, b) => planeMeters(VISITOR, a) - planeMeters(VISITOR, b)).map((p) => p.nombre);
    expect(flat).not.toEqual(byRealDistance());
  });

  it('pages the grid, a search and the map in real distance order', async () => {
    for (const filter of ['', '&q=kiosco', '&categoria=Kiosco']) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const answer = await get<Page<ComercioCard>>(`/api/comercios?${near}${filter}&page=${page}`);
        seen.push(...answer.items.map((c) => c.nombre));
        expect(answer.hasMore, `${filter} page ${page}`).toBe(page * COMERCIO_PAGE_SIZE < pins.length);
      }
      expect(seen, filter).toEqual(byRealDistance());
    }
    const map = await get<ComercioMapa>(`/api/comercios/mapa?${near}`);
    expect(map.items.map((p) => p.nombre)).toEqual(byRealDistance());
  });

  it('answers a page deeper than a walk may go by sorting in SQL (empty past the end)', async () => {
    const deep = Math.ceil(NEAR_WALK_MAX_ROWS / COMERCIO_PAGE_SIZE) + 1;
    for (const filter of ['', '&q=kiosco'])
      expect(await get<Page<ComercioCard>>(`/api/comercios?${near}${filter}&page=${deep}`), filter).toEqual({
        items: [],
        page: deep,
        hasMore: false,
      });
  });

  it('pages Promociones by the real distance of their business, and an empty page past the end', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await get<Page<PromocionCard>>(`/api/promociones?${near}&page=${page}`);
      seen.push(...answer.items.map((p) => p.comercio.nombre));
      expect(answer.hasMore, `page ${page}`).toBe(page * PROMO_PAGE_SIZE < pins.length);
    }
    expect(seen).toEqual(byRealDistance());
    expect(await get<Page<PromocionCard>>(`/api/promociones?${near}&page=9`)).toEqual({
      items: [],
      page: 9,
      hasMore: false,
    });
  });
});
