import { describe, expect, it } from 'vitest';
import { changedFields, promocionesChanged } from './history';

describe('changedFields', () => {
  const stored = {
    nombre: 'Kiosco Luz',
    categoria: 'Kiosco',
    categorias: ['Kiosco'],
    horarioDetallado: { Lunes: '9 a 13', Martes: 'Cerrado' },
    lat: -32.9,
    email: null,
  };

  it('lists only the written columns whose value differs, old and new', () => {
    expect(
      changedFields(stored, {
        nombre: 'Kiosco Luz',
        categoria: 'Kiosco, Librería',
        categorias: ['Kiosco', 'Librería'],
        email: '',
      }),
    ).toEqual({
      before: { categorias: ['Kiosco'], email: null },
      after: { categorias: ['Kiosco', 'Librería'], email: '' },
    });
  });

  it('ignores key order in JSON values and columns left undefined (kept as stored)', () => {
    expect(
      changedFields(stored, { horarioDetallado: { Martes: 'Cerrado', Lunes: '9 a 13' }, lat: undefined, email: null }),
    ).toBeNull();
  });

  it('tells whether a promotion save changed anything', () => {
    expect(promocionesChanged({ agregadas: [], editadas: [], eliminadas: [] })).toBe(false);
    expect(promocionesChanged({ agregadas: [], editadas: [], eliminadas: [{ id: 1, titulo: '2x1' }] })).toBe(true);
  });
});
