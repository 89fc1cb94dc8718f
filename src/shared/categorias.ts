/** The extra option of the hidden select, and the fallback when the category list fails to load. */
export const OTRA_CATEGORIA = 'Otro';

/** "Panadería, Café" → ["Panadería", "Café"]: trimmed, empties and duplicates dropped, order kept. */
export function splitCategorias(categoria: string | null | undefined): string[] {
  if (!categoria) return [];
  const seen = new Set<string>();
  for (const part of categoria.split(',')) {
    const c = part.trim();
    if (c) seen.add(c);
  }
  return [...seen];
}
