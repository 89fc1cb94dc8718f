import { routePath } from '#shared/routes';
import { foldAccents } from '#shared/text';

/** Longest slug kept in a URL: long names stay readable without making links unwieldy to share. */
const MAX_SLUG = 60;

/**
 * The readable part of a business URL: accents folded, lower case, anything else a single hyphen
 * ("Panadería La Espiga" → "panaderia-la-espiga"). Empty when the name has no letters or digits.
 */
export function slugify(text: string): string {
  const slug = foldAccents(text)
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length <= MAX_SLUG ? slug : slug.slice(0, MAX_SLUG).replace(/-[^-]*$/, '') || slug.slice(0, MAX_SLUG);
}

/** The canonical path of a business page: `/comercio/123-panaderia-la-espiga` (id only when the name has no slug). */
export function comercioPath(id: number, nombre: string): string {
  return routePath('detalle', { id, slug: slugify(nombre) });
}
