import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  affects,
  changeFilterKeys,
  filterKey,
  type CacheScope,
  type ComercioChange,
  type ComercioSnapshot,
} from './scope';

const pan: ComercioSnapshot = {
  published: true,
  categorias: ['Panadería', 'Almacén'],
  localidad: 'Capital',
  destacado: false,
  searchText: 'panaderia la espiga\npan casero\npanaderia, almacen',
};
const change = (over: Partial<ComercioChange> = {}): ComercioChange => ({
  id: 7,
  before: pan,
  after: pan,
  comercio: true,
  promociones: false,
  ...over,
});

describe('which cached answers a write touches', () => {
  it('a business page: only its own', () => {
    expect(affects({ kind: 'detalle', id: 7 }, change())).toBe(true);
    expect(affects({ kind: 'detalle', id: 8 }, change())).toBe(false);
  });

  it('a page built from several answers: stale when any of them is', () => {
    const page: CacheScope = {
      kind: 'any',
      scopes: [
        { kind: 'detalle', id: 8 },
        { kind: 'comercios', localidad: 'Capital' },
      ],
    };
    expect(affects(page, change())).toBe(true);
    expect(affects(page, change({ comercio: false, promociones: true }))).toBe(false);
    expect(affects({ kind: 'any', scopes: [] }, change())).toBe(false);
  });

  it('the sitemap: publication, hiding and the business own edits, not its promotions or a draft', () => {
    const sitemap: CacheScope = { kind: 'sitemap' };
    const hidden = { ...pan, published: false };
    expect(affects(sitemap, change())).toBe(true);
    expect(affects(sitemap, change({ after: hidden, comercio: false, promociones: true }))).toBe(true);
    expect(affects(sitemap, change({ before: null }))).toBe(true);
    expect(affects(sitemap, change({ comercio: false, promociones: true }))).toBe(false);
    expect(affects(sitemap, change({ before: hidden, after: hidden }))).toBe(false);
  });

  it('the grid: pages whose filters the business meets, before or after the edit', () => {
    const grid = (s: Omit<Extract<CacheScope, { kind: 'comercios' }>, 'kind'>): CacheScope => ({
      kind: 'comercios',
      ...s,
    });
    expect(affects(grid({}), change())).toBe(true);
    expect(affects(grid({ categoria: 'Almacén', localidad: 'Capital' }), change())).toBe(true);
    expect(affects(grid({ categoria: 'Bazar' }), change())).toBe(false);
    expect(affects(grid({ localidad: 'Godoy Cruz' }), change())).toBe(false);
    expect(affects(grid({ q: 'espiga' }), change())).toBe(true);
    // A search also matches through the business's promotions (ADR 007), which snapshots do not carry: a
    // change reaches every search whose category and locality the business meets, promotions-only ones too.
    expect(affects(grid({ q: 'ferreteria' }), change())).toBe(true);
    expect(affects(grid({ q: 'ferreteria', localidad: 'Godoy Cruz' }), change())).toBe(false);
    expect(affects(grid({ q: 'muzza' }), change({ comercio: false, promociones: true }))).toBe(true);
    // Moved from Capital to Godoy Cruz: both localities' pages change.
    const moved = change({ after: { ...pan, localidad: 'Godoy Cruz' } });
    expect(affects(grid({ localidad: 'Capital' }), moved)).toBe(true);
    expect(affects(grid({ localidad: 'Godoy Cruz' }), moved)).toBe(true);
    expect(affects(grid({ localidad: 'Guaymallen' }), moved)).toBe(false);
    // Renamed so that it now matches a search it did not match.
    expect(
      affects(grid({ q: 'medialunas' }), change({ after: { ...pan, searchText: pan.searchText + ' medialunas' } })),
    ).toBe(true);
    // Cards show no promotions, and unpublished businesses are in no list.
    expect(affects(grid({}), change({ comercio: false, promociones: true }))).toBe(false);
    const hidden = { ...pan, published: false };
    expect(affects(grid({}), change({ before: hidden, after: hidden }))).toBe(false);
    expect(affects(grid({}), change({ before: hidden }))).toBe(true); // just published
    expect(affects(grid({}), change({ after: null }))).toBe(true); // deleted
  });

  it('category lists: only when the set of categories can change', () => {
    expect(affects({ kind: 'comercio-categorias' }, change())).toBe(false);
    expect(affects({ kind: 'comercio-categorias' }, change({ after: { ...pan, categorias: ['Bazar'] } }))).toBe(true);
    expect(affects({ kind: 'comercio-categorias' }, change({ after: null }))).toBe(true);
    expect(affects({ kind: 'promocion-categorias' }, change())).toBe(true);
  });

  it('promotions: pages of its categories, and the featured strip when it is or could be in it', () => {
    expect(affects({ kind: 'promociones' }, change())).toBe(true);
    expect(affects({ kind: 'promociones', categoria: 'Panadería' }, change())).toBe(true);
    expect(affects({ kind: 'promociones', categoria: 'Bazar' }, change())).toBe(false);
    expect(affects({ kind: 'promociones', localidad: 'Capital' }, change())).toBe(true);
    expect(affects({ kind: 'promociones', localidad: 'Godoy Cruz' }, change())).toBe(false);
    expect(affects({ kind: 'destacadas', ids: [1, 2], onlyFeatured: true }, change())).toBe(false);
    expect(affects({ kind: 'destacadas', ids: [1, 7], onlyFeatured: true }, change())).toBe(true);
    expect(affects({ kind: 'destacadas', ids: [1, 2], onlyFeatured: false }, change())).toBe(true);
    // A strip filtered to other businesses' category or locality cannot take this one in.
    expect(affects({ kind: 'destacadas', ids: [1, 2], onlyFeatured: false, localidad: 'Godoy Cruz' }, change())).toBe(
      false,
    );
    expect(
      affects(
        { kind: 'destacadas', ids: [1, 2], onlyFeatured: false, categoria: 'Panadería', localidad: 'Capital' },
        change(),
      ),
    ).toBe(true);
    expect(
      affects({ kind: 'destacadas', ids: [1, 2], onlyFeatured: true }, change({ after: { ...pan, destacado: true } })),
    ).toBe(true);
  });
});

describe('an edit that moves no business between pages', () => {
  // Read with its promotions and sort key, as an owner's save reads it.
  const known: ComercioSnapshot = { ...pan, promoTexts: ['2x1 en medialunas'], sortName: 'panaderia la espiga' };
  const edit = (after: Partial<ComercioSnapshot> = {}, over: Partial<ComercioChange> = {}) =>
    change({ before: known, after: { ...known, searchText: known.searchText + ' nuevo', ...after }, ...over });

  it('touches only the pages and searches showing the business', () => {
    expect(affects({ kind: 'comercios', ids: [7, 8] }, edit())).toBe(true);
    expect(affects({ kind: 'comercios', ids: [8, 9] }, edit())).toBe(false);
    expect(affects({ kind: 'comercios', categoria: 'Almacén', ids: [8] }, edit())).toBe(false);
    expect(affects({ kind: 'comercios', q: 'espiga', ids: [7] }, edit())).toBe(true);
    expect(affects({ kind: 'comercios', q: 'espiga', ids: [1, 2] }, edit())).toBe(false); // another page of it
    expect(affects({ kind: 'comercios', q: 'medialunas', ids: [7] }, edit())).toBe(true); // through its promotion
    expect(affects({ kind: 'comercios', q: 'medialunas', ids: [3] }, edit())).toBe(false);
    // A search it matches neither before nor after, known from its text and promotions: untouched.
    expect(affects({ kind: 'comercios', q: 'ferreteria' }, edit())).toBe(false);
    expect(affects({ kind: 'promociones', ids: [3] }, edit())).toBe(false);
    expect(affects({ kind: 'promociones', ids: [7] }, edit())).toBe(true);
    expect(affects({ kind: 'destacadas', ids: [1, 2], onlyFeatured: false }, edit())).toBe(false);
    expect(affects({ kind: 'promocion-categorias' }, edit())).toBe(false);
  });

  it('still touches every page it could move across', () => {
    // Now found by a search it was not: every page of that search.
    expect(affects({ kind: 'comercios', q: 'nuevo', ids: [1] }, edit())).toBe(true);
    // Found through its own text instead of a promotion: ranked differently.
    expect(affects({ kind: 'comercios', q: 'medialunas', ids: [1] }, edit({ searchText: 'medialunas' }))).toBe(true);
    // Renamed (its place in the order), featured, or moved: every page whose filters it meets.
    expect(affects({ kind: 'comercios', ids: [1] }, edit({ sortName: 'zapateria' }))).toBe(true);
    expect(affects({ kind: 'comercios', ids: [1] }, edit({ destacado: true }))).toBe(true);
    expect(affects({ kind: 'comercios', ids: [1] }, edit({ lat: -32.9, lng: -68.8 }))).toBe(true);
    expect(affects({ kind: 'comercios', localidad: 'Capital', ids: [1] }, edit({ localidad: 'Maipú' }))).toBe(true);
    // Its promotions changed: their lists and the strip may pick differently; a promotion's new text too.
    const promos = edit({ promoTexts: ['cafe gratis'] }, { promociones: true });
    expect(affects({ kind: 'promociones', ids: [1] }, promos)).toBe(true);
    expect(affects({ kind: 'destacadas', ids: [1, 2], onlyFeatured: false }, promos)).toBe(true);
    expect(affects({ kind: 'comercios', q: 'cafe', ids: [1] }, promos)).toBe(true);
    expect(affects({ kind: 'comercios', q: 'medialunas', ids: [1] }, promos)).toBe(true);
    // Unknown promotions (another kind of write): every search it could be in.
    expect(affects({ kind: 'comercios', q: 'ferreteria', ids: [1] }, edit({ promoTexts: null }))).toBe(true);
    // Unpublished: gone from every list.
    expect(affects({ kind: 'comercios', ids: [1] }, edit({ published: false }))).toBe(true);
  });
});

describe('cache keys', () => {
  it('tell apart every filter an answer depends on, and nothing else', async () => {
    const { promocionesKey, destacadasKey, comerciosKey } = await import('./keys');
    const none = { categoria: undefined, localidad: undefined };
    const now = new Date('2026-11-23T02:59:00Z'); // 23:59 on Sunday 22 November in Mendoza
    const midnight = new Date('2026-11-23T03:00:00Z');
    const p1 = { ...none, hoy: false, page: 1 };
    expect(promocionesKey({ ...p1, localidad: 'Capital' }, now)).not.toBe(promocionesKey(p1, now));
    expect(promocionesKey({ ...p1, categoria: 'Café', localidad: 'Capital' }, now)).not.toBe(
      promocionesKey({ ...p1, categoria: 'Café' }, now),
    );
    // The whole list ignores the date; the "today" list is one answer per Mendoza date.
    expect(promocionesKey(p1, now)).toBe(promocionesKey(p1, midnight));
    expect(promocionesKey({ ...p1, hoy: true }, now)).not.toBe(promocionesKey(p1, now));
    expect(promocionesKey({ ...p1, hoy: true }, now)).not.toBe(promocionesKey({ ...p1, hoy: true }, midnight));
    expect(promocionesKey({ ...p1, hoy: true }, now)).toBe(
      promocionesKey({ ...p1, hoy: true }, new Date('2026-11-22T03:00:00Z')),
    );
    expect(destacadasKey({ ...none, localidad: 'Capital' }, now)).not.toBe(destacadasKey(none, now));
    expect(destacadasKey({ ...none, categoria: 'Café' }, now)).not.toBe(
      destacadasKey({ ...none, localidad: 'Capital' }, now),
    );
    expect(destacadasKey(none, now)).not.toBe(destacadasKey(none, midnight));
    expect(destacadasKey({ ...none, hoy: true }, now)).not.toBe(destacadasKey({ ...none, hoy: false }, now));
    expect(destacadasKey({ ...none, hoy: false }, now)).toBe(destacadasKey(none, now));
    expect(comerciosKey({ ...none, page: 2, q: 'pan' })).toBe(comerciosKey({ q: 'pan', ...none, page: 2 }));
  });
});

describe('the list index (filterKey): a write tests only the lists its business could be in', () => {
  const categoria = fc.constantFrom('Panadería', 'Almacén', 'Ferretería');
  const localidad = fc.constantFrom('Capital', 'Godoy Cruz', 'Guaymallén');
  const word = fc.constantFrom('pan', 'espiga', 'tornillo', 'cafe');
  const ids = fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 4 }), { nil: undefined });
  const snapshot: fc.Arbitrary<ComercioSnapshot | null> = fc.option(
    fc.record({
      published: fc.boolean(),
      categorias: fc.uniqueArray(categoria, { minLength: 1, maxLength: 3 }),
      localidad,
      destacado: fc.boolean(),
      searchText: fc.option(word, { nil: null }),
      promoTexts: fc.option(fc.array(word, { maxLength: 2 }), { nil: null }),
      sortName: fc.option(word, { nil: null }),
      lat: fc.constantFrom(null, -32.9),
      lng: fc.constantFrom(null, -68.8),
    }),
    { nil: null },
  );
  const anyChange: fc.Arbitrary<ComercioChange> = fc.record({
    id: fc.integer({ min: 1, max: 9 }),
    before: snapshot,
    after: snapshot,
    comercio: fc.boolean(),
    promociones: fc.boolean(),
  });
  const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
  const list: fc.Arbitrary<CacheScope> = fc.oneof(
    fc.record({
      kind: fc.constant('comercios' as const),
      q: optional(word),
      categoria: optional(categoria),
      localidad: optional(localidad),
      ids,
    }),
    fc.record({
      kind: fc.constant('promociones' as const),
      categoria: optional(categoria),
      localidad: optional(localidad),
      ids,
    }),
  );

  it('never leaves out a list the change affects', () => {
    fc.assert(
      fc.property(list, anyChange, (scope, c) => {
        if (affects(scope, c)) expect(changeFilterKeys(c)).toContain(filterKey(scope));
      }),
      { numRuns: 5000 },
    );
  });

  it('a Panadería in Capital reaches the unfiltered lists and its own filters, not another category', () => {
    const keys = changeFilterKeys(change());
    expect(keys).toContain(filterKey({ kind: 'comercios' }));
    expect(keys).toContain(filterKey({ kind: 'comercios', q: 'pan', localidad: 'Capital' }));
    expect(keys).toContain(filterKey({ kind: 'promociones', categoria: 'Almacén', localidad: 'Capital' }));
    expect(keys).not.toContain(filterKey({ kind: 'comercios', categoria: 'Ferretería' }));
    expect(keys).not.toContain(filterKey({ kind: 'comercios', categoria: 'Panadería', localidad: 'Godoy Cruz' }));
    expect(filterKey({ kind: 'destacadas', ids: [7], onlyFeatured: false })).toBeNull();
  });
});

describe('searches of ADR 040 in the cache scope', () => {
  const withPromos: ComercioSnapshot = { ...pan, promoTexts: ['2x1 en facturas\nllevas dos'] };
  const created = (after: ComercioSnapshot) => change({ before: null, after });
  const search = (q: string, over: Partial<Extract<CacheScope, { kind: 'comercios' }>> = {}): CacheScope => ({
    kind: 'comercios',
    q,
    ...over,
  });

  it('a business reaches a search holding every word, in any order and any field, or all in one promotion', () => {
    expect(affects(search('casero espiga'), created(withPromos))).toBe(true);
    expect(affects(search('llevas facturas'), created(withPromos))).toBe(true);
    // One word in the business, the other in a promotion: neither side holds both.
    expect(affects(search('espiga llevas'), created(withPromos))).toBe(false);
    expect(affects(search('espiga tornillo'), created(withPromos))).toBe(false);
  });

  it('a colloquial word reaches the business holding its alternative', () => {
    const bar = { ...withPromos, searchText: 'bar los toneles\ncerveza tirada\nbar' };
    expect(affects(search('birra'), created(bar))).toBe(true);
  });

  it('an answer of the typo-forgiving search is touched by any business within its filters', () => {
    // "pizeria" holds no word of this business as typed; a typo answer may still change with it.
    expect(affects(search('pizeria'), created(withPromos))).toBe(false);
    expect(affects(search('pizeria', { fuzzy: true }), created(withPromos))).toBe(true);
    expect(affects(search('pizeria', { fuzzy: true, localidad: 'Godoy Cruz' }), created(withPromos))).toBe(false);
    expect(affects(search('pizeria', { fuzzy: true }), created({ ...withPromos, published: false }))).toBe(false);
  });
});
