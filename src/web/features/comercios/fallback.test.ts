// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComercioCard } from '#shared/api';
import { EMPTY_FILTERS, type ListaFilters } from '#web/lib/routes';
import { matchesFilters, selectFallback } from './fallback';
import { MAX_SAVED_PAGES, readSavedPage, saveLastGoodPage, type SavedPage } from './saved-pages';

function card(id: number, over: Partial<ComercioCard> = {}): ComercioCard {
  return {
    id,
    nombre: `Comercio ${id}`,
    categoria: 'Almacén',
    descripcion: '',
    rating: 4,
    imagen: null,
    horario: 'Consultar horarios',
    distancia: '-- km',
    localidad: 'Capital',
    destacado: false,
    lat: null,
    lng: null,
    ...over,
  };
}

const f = (over: Partial<ListaFilters>): ListaFilters => ({ ...EMPTY_FILTERS, ...over });

describe('matchesFilters (fallback data only)', () => {
  const panaderia = card(1, {
    nombre: 'La Espiga',
    categoria: 'Panadería, Café',
    descripcion: 'Medialunas de manteca',
    localidad: 'Godoy Cruz',
  });

  it('matches text in name, description or category, ignoring case and accents', () => {
    expect(matchesFilters(panaderia, f({ q: 'ESPIGA' }))).toBe(true);
    expect(matchesFilters(panaderia, f({ q: 'medialuna' }))).toBe(true);
    expect(matchesFilters(panaderia, f({ q: 'panaderia' }))).toBe(true);
    expect(matchesFilters(panaderia, f({ q: 'pizza' }))).toBe(false);
  });

  it('needs the category among the business categories and the same locality', () => {
    expect(matchesFilters(panaderia, f({ categoria: 'Café' }))).toBe(true);
    expect(matchesFilters(panaderia, f({ categoria: 'Kiosco' }))).toBe(false);
    expect(matchesFilters(panaderia, f({ localidad: 'Godoy Cruz', q: 'cafe' }))).toBe(true);
    expect(matchesFilters(panaderia, f({ localidad: 'Capital' }))).toBe(false);
  });
});

describe('selectFallback', () => {
  const sample = [
    card(100, { nombre: 'Muestra Capital' }),
    card(101, { nombre: 'Muestra Guaymallén', localidad: 'Guaymallen' }),
  ];

  function sources(saved: Record<string, SavedPage | undefined>) {
    const loadSample = vi.fn(async () => sample);
    return {
      loadSample,
      readSaved: (filters: ListaFilters) => saved[JSON.stringify(filters)] ?? null,
    };
  }

  it('prefers the saved page of the same filters', async () => {
    const filters = f({ localidad: 'Guaymallen' });
    const s = sources({ [JSON.stringify(filters)]: { savedAt: 1, items: [card(7)] } });
    await expect(selectFallback(filters, s)).resolves.toEqual({ source: 'saved', items: [card(7)] });
    expect(s.loadSample).not.toHaveBeenCalled();
  });

  it('then the saved unfiltered page, filtered here', async () => {
    const s = sources({
      [JSON.stringify(EMPTY_FILTERS)]: { savedAt: 1, items: [card(1), card(2, { localidad: 'Guaymallen' })] },
    });
    const result = await selectFallback(f({ localidad: 'Guaymallen' }), s);
    expect(result.source).toBe('saved');
    expect(result.items.map((c) => c.id)).toEqual([2]);
  });

  it('else the bundled sample, filtered the same way', async () => {
    const s = sources({});
    const result = await selectFallback(f({ localidad: 'Guaymallen' }), s);
    expect(result).toEqual({ source: 'sample', items: [sample[1]] });
  });
});

describe('saved pages in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one page per filter combination, search folded', () => {
    saveLastGoodPage(f({ q: 'Panadería' }), [card(1)], 1);
    expect(readSavedPage(f({ q: 'panaderia' }))?.items).toEqual([card(1)]);
    expect(readSavedPage(EMPTY_FILTERS)).toBeNull();
  });

  it(`keeps only the ${MAX_SAVED_PAGES} most recent combinations`, () => {
    for (let i = 0; i < MAX_SAVED_PAGES + 5; i++) saveLastGoodPage(f({ q: `q${i}` }), [card(i)], i);
    expect(readSavedPage(f({ q: 'q0' }))).toBeNull();
    expect(readSavedPage(f({ q: `q${MAX_SAVED_PAGES + 4}` }))?.items[0]?.id).toBe(MAX_SAVED_PAGES + 4);
  });

  it('survives broken storage content', () => {
    localStorage.setItem('vidriera:comercios:v1', '{not json');
    expect(readSavedPage(EMPTY_FILTERS)).toBeNull();
    saveLastGoodPage(EMPTY_FILTERS, [card(1)], 1);
    expect(readSavedPage(EMPTY_FILTERS)?.items).toHaveLength(1);
  });
});
