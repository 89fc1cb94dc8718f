import { describe, expect, it } from 'vitest';
import { badgeOf, clip, escapeMarkup, subtitleOf } from './og-image';

describe('preview image text', () => {
  it('escapes what Pango markup would read as tags or entities', () => {
    expect(escapeMarkup(`Pan & <b>Vino</b> "Güemes" l'Espiga`)).toBe(
      'Pan &amp; &lt;b&gt;Vino&lt;/b&gt; &quot;Güemes&quot; l&#39;Espiga',
    );
  });

  it('flattens line breaks and cuts long text at a word with an ellipsis', () => {
    expect(clip('Almacén\nDon  Pepe', 70)).toBe('Almacén Don Pepe');
    const cut = clip('Panadería y confitería La Espiga Dorada de los hermanos Güemes y familia', 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toBe('Panadería y confitería La Espiga Dorada…');
  });

  it('writes categories and the locality as people read them', () => {
    expect(subtitleOf({ categoria: 'Panadería, Café', localidad: 'Guaymallen' })).toBe('Panadería · Café · Guaymallén');
  });

  it('badges the best promotion, without repeating a discount its title already says', () => {
    const promo = (id: number, titulo: string, descuento: string) => ({
      id,
      titulo,
      descuento,
      fechaVencimiento: '2026-12-01',
    });
    expect(badgeOf({ promociones: [promo(1, 'Facturas', '10%'), promo(2, 'Pizzas', '2x1')] })).toBe('2x1 · Pizzas');
    expect(badgeOf({ promociones: [promo(3, '20% en vinos', '20%')] })).toBe('20% en vinos');
    expect(badgeOf({ promociones: [] })).toBeNull();
  });
});
