import { CATEGORIAS } from '#shared/categorias-lista';
import { foldAccents } from '#shared/text';

/** Adds a category at the end; duplicates (ignoring case and accents) are ignored (spec §5). */
export function addCategoria(list: readonly string[], categoria: string): string[] {
  const c = categoria.trim();
  if (!c || list.some((x) => foldAccents(x) === foldAccents(c))) return [...list];
  return [...list, c];
}

/** Removes one; the first remaining becomes the primary category (spec §5). */
export function removeCategoria(list: readonly string[], categoria: string): string[] {
  return list.filter((x) => x !== categoria);
}

/** The 43 options whose name contains the text, ignoring case and accents. */
export function filterCategorias(text: string, options: readonly string[] = CATEGORIAS): string[] {
  const q = foldAccents(text.trim());
  return q ? options.filter((c) => foldAccents(c).includes(q)) : [...options];
}
