import { describe, expect, it } from 'vitest';
import { splitCategorias } from './categorias';
import { normalizeLocalidad } from './localidad';
import { formatMoney } from './rules/money';
import { compareEs, foldAccents } from './text';

describe('text rules', () => {
  it('folds accents and case as the database does', () => {
    expect(foldAccents('Panadería GUAYMALLÉN Ñandú')).toBe('panaderia guaymallen nandu');
  });
  it('sorts the Spanish way', () => {
    expect(['Óptica', 'Panadería', 'Almacén', 'Ñoquis'].sort(compareEs)).toEqual([
      'Almacén',
      'Ñoquis',
      'Óptica',
      'Panadería',
    ]);
  });
  it('splits comma-separated categories', () => {
    expect(splitCategorias(' Café,Pastelería, ,Café ')).toEqual(['Café', 'Pastelería']);
    expect(splitCategorias(null)).toEqual([]);
  });
  it('reads unknown localities as Capital', () => {
    expect(normalizeLocalidad('Guaymallen')).toBe('Guaymallen');
    expect(normalizeLocalidad('Maipú')).toBe('Capital');
    expect(normalizeLocalidad(null)).toBe('Capital');
  });
  it('formats money in pesos', () => {
    expect(formatMoney(450)).toBe('$\u00a0450');
  });
});
