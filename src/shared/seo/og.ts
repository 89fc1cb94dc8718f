import type { ComercioDetalle, Promocion } from '#shared/api';
import { comercios } from '#shared/contract/comercios';
import { endpointUrl } from '#shared/contract/endpoint';

/** What the preview image draws; anything else about the business leaves it (and its URL) unchanged. */
export type OgComercio = Pick<ComercioDetalle, 'id' | 'nombre' | 'categoria' | 'localidad' | 'imagen'> & {
  /** The promotions visible now, as the public detail carries them. */
  promociones: ReadonlyArray<Pick<Promocion, 'id' | 'titulo' | 'descuento' | 'fechaVencimiento'>>;
};
export type OgPromocion = OgComercio['promociones'][number];

/**
 * Bumped when the drawing itself changes (layout, font, colours), so every preview gets a new URL and
 * WhatsApp/Facebook fetch it again instead of keeping the old look for weeks.
 */
export const OG_LAYOUT_VERSION = 1;
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * How much a discount text saves, in percent, to compare promotions: "20%", "30 % off" → 20, 30; "2x1" →
 * 50, "3x2" → 33. Text without a number we can read ("Envío gratis") counts as 0.
 */
export function discountWeight(descuento: string): number {
  const percent = /(\d{1,3}(?:[.,]\d+)?)\s*%/.exec(descuento);
  if (percent) return Math.min(100, Number(percent[1]!.replace(',', '.')));
  const nxm = /(\d+)\s*[xX×]\s*(\d+)/.exec(descuento);
  if (nxm) {
    const [take, pay] = [Number(nxm[1]), Number(nxm[2])];
    if (take > pay && pay > 0) return Math.round((1 - pay / take) * 100);
  }
  return 0;
}

/** The promotion the preview shows: the biggest discount, then the one ending soonest, then the oldest. */
export function bestPromocion(promociones: OgComercio['promociones']): OgPromocion | null {
  let best: OgPromocion | null = null;
  for (const p of promociones) {
    if (
      !best ||
      discountWeight(p.descuento) > discountWeight(best.descuento) ||
      (discountWeight(p.descuento) === discountWeight(best.descuento) &&
        (p.fechaVencimiento < best.fechaVencimiento ||
          (p.fechaVencimiento === best.fechaVencimiento && p.id < best.id)))
    ) {
      best = p;
    }
  }
  return best;
}

/** cyrb53: a fast 53-bit string hash (not cryptographic: it only has to change when the text does). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The content version of the preview: changes exactly when something drawn on it does. */
export function ogVersion(comercio: OgComercio): string {
  const promo = bestPromocion(comercio.promociones);
  return hash53(
    JSON.stringify([
      OG_LAYOUT_VERSION,
      comercio.nombre,
      comercio.categoria,
      comercio.localidad,
      comercio.imagen,
      promo ? [promo.titulo, promo.descuento] : null,
    ]),
  );
}

/**
 * The preview image's path (relative: prefix the public origin for og:image), e.g.
 * `/api/comercios/123/og.jpg?v=1k2j3h4g5f`. A new version after an edit makes caches and WhatsApp fetch it again.
 */
export function ogImagePath(comercio: OgComercio): string {
  return endpointUrl(comercios.og, { params: { id: comercio.id }, query: { v: ogVersion(comercio) } });
}
