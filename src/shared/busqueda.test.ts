import { describe, expect, it } from 'vitest';
import { asksOpenNow, MAX_SEARCH_TERMS, searchTerms, searchWords } from './busqueda';
import { PALABRAS_VACIAS, PIDEN_ABIERTO, SINONIMOS } from './sinonimos';
import { foldAccents } from './text';

describe('search terms and colloquial words', () => {
  it('folds accents and case and drops the punctuation around words', () => {
    expect(searchWords('  ¿Pizzería  en GODOY? ')).toEqual(['pizzeria', 'en', 'godoy']);
    expect(searchWords('2x1, 20% $500')).toEqual(['2x1', '20%', '$500']);
    expect(searchWords('¿?')).toEqual([]);
  });

  it('keeps every other word as a term of its own, in the typed order', () => {
    expect(searchTerms('nieve andes heladería')).toEqual([['nieve'], ['andes'], ['heladeria']]);
  });

  it('adds the words the businesses use to a colloquial word, keeping the typed one first', () => {
    expect(searchTerms('Birra tirada')).toEqual([['birra', 'cerveza'], ['tirada']]);
    expect(searchTerms('muzza')).toEqual([['muzza', 'mozzarella']]);
    expect(searchTerms('zapas')).toEqual([['zapas', 'zapatillas']]);
  });

  it('reads a colloquial phrase as one term, the longest phrase first', () => {
    expect(searchTerms('farmacia de turno Godoy')).toEqual([['farmacia de turno', 'farmacia'], ['godoy']]);
    // The same words apart are no phrase (and "de" alone is an empty word).
    expect(searchTerms('turno de farmacia')).toEqual([['turno'], ['farmacia']]);
  });

  it('leaves out the empty words when others were typed, but not inside a phrase nor when they are all', () => {
    expect(searchTerms('Pizzería en Godoy Cruz')).toEqual([['pizzeria'], ['godoy'], ['cruz']]);
    expect(searchTerms('promo descuento 2x1 en toda la')).toEqual([['promo'], ['descuento'], ['2x1']]);
    expect(searchTerms('farmacia de turno y la heladería')).toEqual([['farmacia de turno', 'farmacia'], ['heladeria']]);
    expect(searchTerms('de la')).toEqual([['de'], ['la']]);
    // They do not take a place among MAX_SEARCH_TERMS.
    const many = searchTerms('uno de dos la tres el cuatro y cinco o seis');
    expect(many).toHaveLength(MAX_SEARCH_TERMS);
    expect(many.at(-1)).toEqual(['seis']);
  });

  it('has well-formed empty words: folded, none of them a colloquial word', () => {
    for (const word of PALABRAS_VACIAS) {
      expect(word).toBe(foldAccents(word).trim());
      expect(Object.keys(SINONIMOS)).not.toContain(word);
    }
  });

  it('counts a repeated term once and keeps at most MAX_SEARCH_TERMS', () => {
    expect(searchTerms('birra BIRRA cerveza')).toEqual([['birra', 'cerveza'], ['cerveza']]);
    const many = searchTerms('uno dos tres cuatro cinco seis siete ocho');
    expect(many).toHaveLength(MAX_SEARCH_TERMS);
    expect(many.at(-1)).toEqual(['seis']);
  });

  it('has well-formed data: folded keys and values, none that the typed word already finds', () => {
    for (const [key, values] of Object.entries(SINONIMOS)) {
      expect(key).toBe(foldAccents(key).trim());
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        expect(value).toBe(foldAccents(value).trim());
        // A value containing the key adds nothing: the key's own contains-match already finds it.
        expect(value.includes(key), `${key} → ${value}`).toBe(false);
      }
    }
  });

  it('reads "farmacia de turno" as asking for what is open now, and only the phrase', () => {
    expect(asksOpenNow('Farmacia de turno')).toBe(true);
    expect(asksOpenNow('farmacia abierta godoy')).toBe(true);
    expect(asksOpenNow('farmacia')).toBe(false);
    expect(asksOpenNow('turno de farmacia')).toBe(false);
    for (const phrase of PIDEN_ABIERTO) expect(Object.keys(SINONIMOS), phrase).toContain(phrase);
  });
});
