import { describe, expect, it } from 'vitest';
import { bestPromocion, discountWeight, OG_HEIGHT, OG_WIDTH, ogImagePath, ogVersion, type OgComercio } from './og';

const base: OgComercio = {
  id: 123,
  nombre: 'Panadería La Espiga',
  categoria: 'Panadería',
  localidad: 'Capital',
  imagen: 'a'.repeat(32),
  promociones: [
    { id: 1, titulo: 'Facturas', descuento: '10%', fechaVencimiento: '2026-12-01' },
    { id: 2, titulo: 'Pan', descuento: '2x1', fechaVencimiento: '2026-12-05' },
  ],
};

describe('ogImagePath', () => {
  it('is the preview endpoint of the business with its content version', () => {
    expect(ogImagePath(base)).toMatch(/^\/api\/comercios\/123\/og\.jpg\?v=[0-9a-z]+$/);
    expect(ogImagePath(base)).toBe(ogImagePath({ ...base }));
  });

  it('names the size Facebook and WhatsApp recommend for large previews (1.91:1, at least 1200 wide)', () => {
    expect(OG_WIDTH).toBeGreaterThanOrEqual(1200);
    expect(OG_WIDTH / OG_HEIGHT).toBeCloseTo(1.905, 2);
  });

  it('changes when anything drawn changes', () => {
    const v = ogVersion(base);
    const edits: Array<Partial<OgComercio>> = [
      { nombre: 'Panadería La Espiga II' },
      { categoria: 'Panadería, Café' },
      { localidad: 'Godoy Cruz' },
      { imagen: 'b'.repeat(32) },
      { imagen: null },
      { promociones: [] },
      { promociones: [{ id: 2, titulo: 'Pan casero', descuento: '2x1', fechaVencimiento: '2026-12-05' }] },
    ];
    for (const edit of edits) expect(ogVersion({ ...base, ...edit }), JSON.stringify(edit)).not.toBe(v);
  });

  it('stays when a promotion that is not drawn changes', () => {
    const promociones = [
      ...base.promociones,
      { id: 3, titulo: 'Otra', descuento: '5%', fechaVencimiento: '2026-12-09' },
    ];
    expect(ogVersion({ ...base, promociones })).toBe(ogVersion(base));
  });
});

describe('bestPromocion', () => {
  it('reads percentages and NxM offers', () => {
    expect(discountWeight('20%')).toBe(20);
    expect(discountWeight('Hasta 35,5 % off')).toBe(35.5);
    expect(discountWeight('2x1')).toBe(50);
    expect(discountWeight('3 x 2')).toBe(33);
    expect(discountWeight('Envío gratis')).toBe(0);
  });

  it('picks the biggest discount, then the one ending soonest', () => {
    expect(bestPromocion(base.promociones)?.id).toBe(2);
    const tie = [
      { id: 5, titulo: 'a', descuento: 'Regalo', fechaVencimiento: '2026-12-09' },
      { id: 4, titulo: 'b', descuento: 'Regalo', fechaVencimiento: '2026-12-02' },
    ];
    expect(bestPromocion(tie)?.id).toBe(4);
    expect(bestPromocion([])).toBeNull();
  });
});
