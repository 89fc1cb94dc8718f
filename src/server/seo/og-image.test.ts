import { describe, expect, it } from 'vitest';
import { OG_HEIGHT, type OgComercio } from '#shared/seo/og';
import { badgeOf, clip, escapeMarkup, renderOgImage, subtitleOf } from './og-image';

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

describe('preview image', () => {
  it('blurs the photo under the band, so a name printed on the photo does not show as a faded second copy', async () => {
    const { default: sharp } = await import('sharp');
    // Sharp black-and-white stripes stand in for lettering printed all over the photo.
    const stripes = Array.from({ length: 60 }, (_, i) => `<rect x="${i * 20}" width="10" height="630" fill="#fff"/>`);
    const photo = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630"/>${stripes.join('')}</svg>`,
      ),
    )
      .webp()
      .toBuffer();
    const image = await renderOgImage(
      { nombre: 'Kiosco', categoria: 'Kiosco', localidad: 'Capital', promociones: [] } as unknown as OgComercio,
      photo,
    );
    const contrast = async (top: number) => {
      const region = await sharp(image)
        .extract({ left: 700, top, width: 400, height: 40 })
        .greyscale()
        .png()
        .toBuffer();
      const stats = await sharp(region).stats();
      return stats.channels[0]!.stdev;
    };
    // Above the band the stripes stay sharp; where a sign's name sits (beside and above the drawn name) they are gone.
    expect(await contrast(60)).toBeGreaterThan(80);
    expect(await contrast(OG_HEIGHT - 260)).toBeLessThan(8);
  });
});
