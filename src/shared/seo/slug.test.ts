import { describe, expect, it } from 'vitest';
import { comercioPath, slugify } from './slug';

describe('slugify', () => {
  it('folds accents and ñ, lower-cases and joins words with one hyphen', () => {
    expect(slugify('Panadería La Espiga')).toBe('panaderia-la-espiga');
    expect(slugify('  Ñandú & Cía. — Güemes 1.200 ')).toBe('nandu-cia-guemes-1-200');
  });
  it('is empty for a name with no letters or digits', () => {
    expect(slugify('¡¿…?!')).toBe('');
  });
  it('cuts long names at a word boundary within 60 characters', () => {
    const slug = slugify('Almacén '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('almacen-almacen')).toBe(true);
  });
});

describe('comercioPath', () => {
  it('is the id and the slug', () => {
    expect(comercioPath(123, 'Panadería La Espiga')).toBe('/comercio/123-panaderia-la-espiga');
  });
  it('is the id alone when the name has no slug', () => {
    expect(comercioPath(7, '***')).toBe('/comercio/7');
  });
});
