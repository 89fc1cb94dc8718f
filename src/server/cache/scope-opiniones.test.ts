import { describe, expect, it } from 'vitest';
import { affects, type CacheScope, type ComercioChange, type ComercioSnapshot } from './scope';

const snap: ComercioSnapshot = {
  published: true,
  categorias: ['Almacén'],
  localidad: 'Capital',
  destacado: false,
  searchText: 'almacen don pepe',
  promoTexts: [],
  sortName: 'almacen don pepe',
  lat: null,
  lng: null,
};
const opinion = (rating: boolean): ComercioChange => ({
  id: 7,
  before: snap,
  after: snap,
  comercio: false,
  promociones: false,
  opiniones: true,
  rating,
});

describe('what an opinion marks stale (ADR 027)', () => {
  it('marks its business page stale, and no other page', () => {
    expect(affects({ kind: 'detalle', id: 7 }, opinion(false))).toBe(true);
    expect(affects({ kind: 'detalle', id: 8 }, opinion(true))).toBe(false);
  });

  it('with the stars or count moved: the grid pages showing its card, and every "Mejor valorados" list it is in', () => {
    const page = (ids: number[], extra: Partial<Extract<CacheScope, { kind: 'comercios' }>> = {}): CacheScope => ({
      kind: 'comercios',
      ids,
      ...extra,
    });
    expect(affects(page([7, 9]), opinion(true))).toBe(true);
    expect(affects(page([9]), opinion(true))).toBe(false);
    expect(affects(page([9], { orden: 'valorados' }), opinion(true))).toBe(true);
    expect(affects(page([9], { orden: 'valorados', categoria: 'Ferretería' }), opinion(true))).toBe(false);
    expect(affects(page([9], { orden: 'valorados', q: 'pepe' }), opinion(true))).toBe(true);
    expect(affects(page([9], { orden: 'valorados', q: 'kiosco' }), opinion(true))).toBe(false);
    expect(affects(page([7], { q: 'pepe' }), opinion(true))).toBe(true);
    // An answer or an edit of the text alone: cards read the same.
    expect(affects(page([7], { orden: 'valorados' }), opinion(false))).toBe(false);
  });

  it('leaves the map, promotions, the strip, categories and the sitemap alone', () => {
    const untouched: CacheScope[] = [
      { kind: 'comercios', pins: true },
      { kind: 'promociones', ids: [7] },
      { kind: 'destacadas', ids: [7], onlyFeatured: false },
      { kind: 'comercio-categorias' },
      { kind: 'promocion-categorias' },
      { kind: 'sitemap' },
    ];
    for (const scope of untouched) expect(affects(scope, opinion(true))).toBe(false);
    expect(affects({ kind: 'any', scopes: [{ kind: 'sitemap' }, { kind: 'detalle', id: 7 }] }, opinion(false))).toBe(
      true,
    );
  });
});
