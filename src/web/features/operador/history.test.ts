import { describe, expect, it } from 'vitest';
import { historyLines } from './history';

describe('historyLines', () => {
  it('names the changed fields once and the promotions by title', () => {
    expect(
      historyLines({
        action: 'editar_comercio',
        before: { nombre: 'A', lat: 1, lng: 2 },
        after: {
          nombre: 'B',
          lat: 3,
          lng: 4,
          promociones: {
            agregadas: [{ id: 3, titulo: '2x1' }],
            editadas: [{ id: 1, titulo: 'Mate', campos: ['descuento'] }],
            eliminadas: [],
          },
        },
      }),
    ).toEqual(['Cambió: nombre, ubicación en el mapa', 'Promociones agregadas: «2x1»', 'Promociones editadas: «Mate»']);
  });

  it('says until when a payment publishes and what was deleted; operator actions have no extra lines', () => {
    expect(
      historyLines({ action: 'pagar_publicacion', before: null, after: { hasta: '2026-12-22T15:00:00.000Z' } }),
    ).toEqual(['Publicado hasta el 22/12/26, 12:00']);
    expect(historyLines({ action: 'eliminar_comercio', before: { nombre: 'Kiosco' }, after: null })).toEqual([
      'Nombre: Kiosco',
    ]);
    expect(historyLines({ action: 'ocultar_comercio', before: {}, after: {} })).toEqual([]);
  });
});
