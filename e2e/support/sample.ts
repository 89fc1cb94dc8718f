/**
 * Expectations derived from the sample data the e2e server seeds (src/shared/sample/comercios.ts).
 * The seed inserts the businesses in array order into a fresh database, so ids are index + 1, and every
 * date is relative to the seed moment: nothing here depends on today's date.
 */
import { PUBLICATION_DAYS } from '#shared/constants';
import { SAMPLE_COMERCIOS, type SampleComercio } from '#shared/sample/comercios';

export interface SampleBusiness extends SampleComercio {
  id: number;
  categorias: string[];
}

/** Accent- and case-folding (independent of the product's helper, same meaning). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export const BUSINESSES: readonly SampleBusiness[] = SAMPLE_COMERCIOS.map((c, index) => ({
  ...c,
  id: index + 1,
  categorias: c.categoria
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
}));

/** Published = paid fewer than 30 days ago (spec §4). */
export function isPublished(c: SampleComercio): boolean {
  return c.pagadoHaceDias !== null && c.pagadoHaceDias < PUBLICATION_DAYS;
}

export const PUBLISHED = BUSINESSES.filter(isPublished);

export function byName(nombre: string): SampleBusiness {
  const found = BUSINESSES.find((c) => c.nombre === nombre);
  if (!found) throw new Error(`No sample business named ${nombre}`);
  return found;
}

/** A business that never paid: hidden from guests. */
export const UNPUBLISHED = (() => {
  const found = BUSINESSES.find((c) => c.pagadoHaceDias === null);
  if (!found) throw new Error('The sample data has no unpaid business');
  return found;
})();

/** Promotions in card lists: active, not expired (expiry day included) and of a published business. */
export function visiblePromos(
  categoria = '',
): Array<SampleComercio['promociones'][number] & { comercio: SampleBusiness }> {
  return PUBLISHED.filter((c) => !categoria || c.categorias.includes(categoria)).flatMap((c) =>
    c.promociones.filter((p) => (p.activa ?? true) && p.venceEnDias >= 0).map((p) => ({ ...p, comercio: c })),
  );
}

/** The search matches one field of the business: name, description, categories, a service or the locality. */
export function matchesOwnFields(c: SampleComercio, q: string): boolean {
  return [c.nombre, c.descripcion, c.categoria, ...c.servicios, c.localidad].some((field) =>
    fold(field).includes(fold(q)),
  );
}

/** The visible promotion (soonest to expire) whose title, description or discount holds the search text. */
export function matchingPromo(c: SampleComercio, q: string): SampleComercio['promociones'][number] | undefined {
  return c.promociones
    .filter((p) => (p.activa ?? true) && p.venceEnDias >= 0)
    .filter((p) => [p.titulo, p.descripcion, p.descuento].some((field) => fold(field).includes(fold(q))))
    .sort((a, b) => a.venceEnDias - b.venceEnDias)[0];
}

export function publishedNames(filter: { localidad?: string; categoria?: string; q?: string } = {}): string[] {
  return PUBLISHED.filter(
    (c) =>
      (!filter.localidad || c.localidad === filter.localidad) &&
      (!filter.categoria || c.categorias.includes(filter.categoria)) &&
      (!filter.q || matchesOwnFields(c, filter.q) || matchingPromo(c, filter.q) !== undefined),
  )
    .map((c) => c.nombre)
    .sort();
}

/**
 * The expected WhatsApp link, worked out independently of the product: 549 + the 10-digit national number
 * (no trunk 0, no mobile 15 after Mendoza's 261 area code).
 */
export function expectedWhatsapp(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 12 && digits.slice(3, 5) === '15') digits = digits.slice(0, 3) + digits.slice(5);
  return `https://wa.me/549${digits}`;
}
