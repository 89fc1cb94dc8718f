import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/api';
import { sugerenciasAnswer } from '#shared/schemas/sugerencias';
import type { Sugerencia, SugerenciasAnswer } from '#shared/sugerencias';
import { affects, type ComercioSnapshot } from '#server/cache/scope';
import { seedSampleData } from '#server/seed/seed';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { listSugerencias, matchingCategorias, promotionWords } from './sugerencias';

const NOW = new Date('2026-11-22T15:00:00Z');

const comerciosOf = (items: Sugerencia[]) => items.flatMap((s) => (s.tipo === 'comercio' ? [s.nombre] : []));
const categoriasOf = (items: Sugerencia[]) => items.flatMap((s) => (s.tipo === 'categoria' ? [s.nombre] : []));
const palabrasOf = (items: Sugerencia[]) => items.flatMap((s) => (s.tipo === 'palabra' ? [s.texto] : []));

/** GET /api/sugerencias (issue 30, ADR 046) on the sample city, so real neighbours compete. */
describe.each(DATABASE_KINDS)('suggestions as you type, on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });

  beforeAll(async () => {
    expect(await seedSampleData(ctx.database.db, NOW)).toBeGreaterThan(0);
    // Neither a business nobody paid for nor an expired promotion is public: neither may be suggested.
    await insertComercio(ctx.database.db, NOW, {
      nombre: 'Zapallos Ocultos',
      categoria: 'Verdulería',
      pagadoHaceDias: null,
    });
    const id = await insertComercio(ctx.database.db, NOW, { nombre: 'Kiosco Sur', categoria: 'Kiosco' });
    await insertPromocion(ctx.database.db, id, { titulo: 'Zafarrancho vencido', fechaVencimiento: '2020-01-01' });
  });

  const get = (q: string) => ctx.t.app.inject({ method: 'GET', url: `/api/sugerencias?q=${encodeURIComponent(q)}` });
  const suggest = async (q: string): Promise<Sugerencia[]> => {
    const res = await get(q);
    expect(res.statusCode, res.body).toBe(200);
    return sugerenciasAnswer.parse(res.json()).items;
  };

  it('suggests businesses by the start of a word of their name, names starting that way first', async () => {
    expect(comerciosOf(await suggest('pizz'))[0]).toBe('Pizzería La Tana');
    expect(comerciosOf(await suggest('tana'))).toEqual(['Pizzería La Tana']);
    // Two words, in any order, each the start of a word.
    expect(comerciosOf(await suggest('nieve hela'))).toEqual(['Heladería Nieve de los Andes']);
    const cafe = comerciosOf(await suggest('caf'));
    expect(new Set(cafe.slice(0, 2))).toEqual(new Set(['Café del Arbolito', 'Café La Alameda']));
    // A business's page is where a business suggestion goes: its id comes with it.
    const [first] = await suggest('Ferreter');
    expect(first).toMatchObject({
      tipo: 'comercio',
      nombre: 'Ferretería El Tornillo',
      categoria: 'Ferretería, Cerrajería',
    });
    expect(first?.tipo === 'comercio' && first.id).toBeGreaterThan(0);
  });

  it('ignores accents and case, both ways', async () => {
    expect(comerciosOf(await suggest('HELADERIA'))).toEqual(['Heladería Nieve de los Andes']);
    expect(comerciosOf(await suggest('libreria ray'))).toEqual(['Librería Rayuela']);
    expect(comerciosOf(await suggest('LÍBRE RÁY'))).toEqual(['Librería Rayuela']);
    // Óptica Mirada Clara's publication ended: no suggestion of it, accents or not.
    expect(comerciosOf(await suggest('Ópt'))).toEqual([]);
    expect(categoriasOf(await suggest('panaderia'))).toEqual(['Panadería']);
  });

  it('forgives a typo in a longer prefix', async () => {
    expect(comerciosOf(await suggest('pizer'))).toContain('Pizzería La Tana');
    expect(comerciosOf(await suggest('farmasia'))[0]).toBe('Farmacia del Sur');
  });

  it('suggests categories of published businesses', async () => {
    const items = await suggest('verdu');
    expect(categoriasOf(items)).toEqual(['Verdulería']);
    // The category is one suggestion; its business is one; the unpublished greengrocer is none.
    expect(comerciosOf(items)).toEqual(['Verdulería El Huerto de Lola']);
    expect(categoriasOf(await suggest('tienda ro'))).toEqual(['Tienda de ropa']);
    // The only mechanic of the sample city is not published: no category of it.
    expect(categoriasOf(await suggest('taller mec'))).toEqual([]);
  });

  it('suggests words of visible promotions, completing the last word typed', async () => {
    expect(palabrasOf(await suggest('2x'))).toContain('2x1');
    expect(palabrasOf(await suggest('medial'))).toEqual(['medialunas']);
    expect(palabrasOf(await suggest('martes muz'))).toEqual(['martes muzza']);
    // An expired promotion's words are not suggested.
    expect(palabrasOf(await suggest('zafarr'))).toEqual([]);
  });

  it('never suggests an unpublished business', async () => {
    expect(comerciosOf(await suggest('zapallos'))).toEqual([]);
  });

  it('refuses one letter with a Spanish message', async () => {
    for (const q of ['p', '  a  ', '']) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<ApiErrorBody>().error.message).toBe('Escribí al menos 2 letras para ver sugerencias.');
    }
  });

  it('answers hostile text clearly, never with a 500', async () => {
    const long = await get('pan'.repeat(400));
    expect(long.statusCode).toBe(400);
    expect(long.json<ApiErrorBody>().error.message).toBe('Las sugerencias buscan hasta 60 caracteres.');
    // Wildcards are taken literally: they match nothing rather than everything.
    for (const q of ['%%', '__', '%_%', '\\\\', '%a', 'a%', '_a_', '%pa']) expect(await suggest(q), q).toEqual([]);
    // Quotes and punctuation around a word are not part of it; inside, they are text like any other.
    expect(comerciosOf(await suggest('"pizz'))[0]).toBe('Pizzería La Tana');
    // "OR" is a word like any other ("Espiga de Oro"), "1=1" has no letters or digits in a row to look up.
    expect(comerciosOf(await suggest("' OR 1=1 --"))).toEqual(['Panadería La Espiga de Oro']);
    expect(await suggest("pan'; DROP TABLE comercios; --")).toEqual([]);
    const control = await get('pa\u0000n');
    expect(control.statusCode).toBe(400);
    // A repeated parameter is not a list the service reads.
    const twice = await ctx.t.app.inject({ method: 'GET', url: '/api/sugerencias?q=pan&q=piz' });
    expect(twice.statusCode).toBe(400);
  });

  it('is one cache entry for the same folded words, and answers with an ETag', async () => {
    const a = await get('Pizz');
    const b = await get('  pízz ');
    expect(a.headers.etag).toBeTruthy();
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toMatch(/public/);
  });

  it('is callable without the app, as the benches do', async () => {
    const answer: SugerenciasAnswer = await listSugerencias(ctx.database.db, 'pizz', NOW);
    expect(comerciosOf(answer.items)[0]).toBe('Pizzería La Tana');
    expect(categoriasOf(answer.items)).toEqual(['Pizzería']);
  });
});

describe('suggestion rules', () => {
  it('completes the last word with the most frequent promotion words, the typed ones before it', () => {
    const rows = [
      { titulo: 'Martes de muzza 2x1', descuento: '2x1' },
      { titulo: 'Muzzarella y más', descuento: '10%' },
      { titulo: 'Con muzza', descuento: '' },
    ];
    expect(promotionWords(rows, ['muz'])).toEqual(['muzza', 'muzzarella']);
    expect(promotionWords(rows, ['pizza', '2x'])).toEqual(['pizza 2x1']);
    // Two-letter words and common little words are not suggestions.
    expect(promotionWords(rows, ['co'])).toEqual([]);
  });

  it('matches a category by the start of any of its words', () => {
    expect(matchingCategorias(['Consultorio médico', 'Café'], ['med'])).toEqual(['Consultorio médico']);
    expect(matchingCategorias(['Consultorio médico', 'Café'], ['edico'])).toEqual([]);
  });

  it('is cleared by any public change of a business, not by a draft', () => {
    const shown: ComercioSnapshot = {
      published: true,
      categorias: ['Kiosco'],
      localidad: 'Capital',
      destacado: false,
      searchText: 'k',
    };
    const draft: ComercioSnapshot = { ...shown, published: false };
    const change = { id: 1, comercio: true, promociones: false };
    expect(affects({ kind: 'sugerencias' }, { ...change, before: shown, after: shown })).toBe(true);
    expect(affects({ kind: 'sugerencias' }, { ...change, before: null, after: shown })).toBe(true);
    expect(affects({ kind: 'sugerencias' }, { ...change, before: draft, after: draft })).toBe(false);
    // Opinions alone change no suggestion.
    expect(
      affects(
        { kind: 'sugerencias' },
        { id: 1, comercio: false, promociones: false, opiniones: true, rating: true, before: shown, after: shown },
      ),
    ).toBe(false);
  });
});
