import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioPage } from '#shared/api';
import { searchTerms } from '#shared/busqueda';
import { queryRows } from '#server/db/client';
import { seedSampleData } from '#server/seed/seed';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { FUZZY_THRESHOLD, inSearchTransaction, optionalFuzzy, SLOW_SEARCH_MESSAGE } from './busqueda';
import { fuzzySearchQuery } from './public-service';

const NOW = new Date('2026-11-22T15:00:00Z');

/** Issue 30's examples, on the sample data (every business of Mendoza it ships, so real neighbours compete). */
describe.each(DATABASE_KINDS)('search that forgives typos and word order, on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });

  beforeAll(async () => {
    expect(await seedSampleData(ctx.database.db, NOW)).toBeGreaterThan(0);
    // A business that says "cerveza" but not "birra", and one whose own name holds a typo-like word.
    await insertComercio(ctx.database.db, NOW, {
      nombre: 'Cervecería Los Toneles',
      categoria: 'Bar',
      localidad: 'Capital',
      descripcion: 'Cerveza artesanal tirada.',
    });
  });

  const search = async (q: string): Promise<ComercioPage> => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json<ComercioPage>();
  };
  const first = async (q: string) => (await search(q)).items[0]?.nombre;

  it('finds the business despite a typo, the best match first, and suggests the corrected words', async () => {
    expect(await first('pizeria')).toBe('Pizzería La Tana');
    expect(await first('farmasia')).toBe('Farmacia del Sur');
    expect(await first('ferreteria tornilo')).toBe('Ferretería El Tornillo');
    expect((await search('pizeria')).sugerencia).toBe('pizzería');
    expect((await search('farmasia')).sugerencia).toBe('farmacia');
    expect((await search('ferreteria tornilo')).sugerencia).toBe('ferreteria tornillo');
    // The suggestion finds the business without forgiving anything.
    const corrected = await search('ferreteria tornillo');
    expect(corrected.items.map((c) => c.nombre)).toEqual(['Ferretería El Tornillo']);
    expect(corrected.sugerencia).toBeUndefined();
  });

  it('finds words in any order, accents and case ignored, without suggesting anything', async () => {
    const page = await search('NIEVE andes heladeria');
    expect(page.items[0]?.nombre).toBe('Heladería Nieve de los Andes');
    expect(page.sugerencia).toBeUndefined();
  });

  it('ranks exact matches before fuzzy ones', async () => {
    // Every business holding "farmacia" as typed, and none that only holds a similar word.
    const exact = await search('farmacia');
    expect(exact.items.length).toBeGreaterThanOrEqual(1);
    expect(exact.items.every((c) => /farmacia/i.test(`${c.nombre} ${c.categoria} ${c.descripcion}`))).toBe(true);
    expect(exact.sugerencia).toBeUndefined();
    // "tornillo" is found as typed in one business: the similar words of other businesses are not added.
    expect((await search('tornillo')).items.map((c) => c.nombre)).toEqual(['Ferretería El Tornillo']);
  });

  it('answers with nothing and no suggestion when no word is near', async () => {
    const page = await search('xqzwv');
    expect(page.items).toEqual([]);
    expect(page.sugerencia).toBeUndefined();
  });

  it('expands colloquial words on the server', async () => {
    const names = (await search('birra')).items.map((c) => c.nombre);
    expect(names).toContain('Cervecería Los Toneles');
    // A phrase, its "de" kept: both places that cut hair, though neither writes "corte" or "pelo".
    const pelo = (await search('corte de pelo')).items.map((c) => c.nombre);
    expect(pelo).toEqual(expect.arrayContaining(['Norma Estilistas', 'Barbería El Faro']));
  });

  it('bounds the fuzzy search with the trigram index and a cap on candidates', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
      const rows = await queryRows<Record<string, string>>(
        tx,
        // Without the publication filter, whose own index wins on these few rows: the typo alone must be indexed.
        sql`EXPLAIN ${fuzzySearchQuery(searchTerms('pizeria'), [sql`TRUE`], 12)}`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on comercios_nombre_trgm/);
    expect(plan).toMatch(/Limit/);
    expect(plan).not.toMatch(/Seq Scan on comercios/);
  });

  it('cuts a slow statement on PostgreSQL: the fuzzy search is dropped, a slow matching search is a Spanish 503', async () => {
    const { db } = ctx.database;
    const sleep = (tx: typeof db, seconds: number) => tx.execute(sql`SELECT pg_sleep(${seconds})`);
    const kept = await inSearchTransaction(db, async (tx) => {
      const fuzzy = await optionalFuzzy(tx, async (inner) => {
        await sleep(inner, 1);
        return 'fuzzy';
      });
      // The search's transaction goes on after the fuzzy savepoint was cut.
      const [row] = await queryRows<{ ok: number }>(tx, sql`SELECT 1 AS ok`);
      return { fuzzy, ok: row?.ok };
    });
    if (kind === 'pglite') {
      // PGlite runs in the server's own thread and has no timer to cancel a statement: there the candidate caps
      // are the only bound (ADR 040), and the statement runs to its end.
      expect(kept).toEqual({ fuzzy: 'fuzzy', ok: 1 });
      return;
    }
    expect(kept).toEqual({ fuzzy: null, ok: 1 });
    await expect(inSearchTransaction(db, (tx) => sleep(tx, 2))).rejects.toMatchObject({
      statusCode: 503,
      message: SLOW_SEARCH_MESSAGE,
    });
  });
});
