/** The 43 fixed category options of the spec, in the spec's order. */
export const CATEGORIAS = [
  'Almacén',
  'Panadería',
  'Carnicería',
  'Verdulería',
  'Kiosco',
  'Ferretería',
  'Farmacia',
  'Peluquería',
  'Barbería',
  'Lavandería',
  'Café',
  'Restaurante',
  'Rotisería',
  'Pizzería',
  'Heladería',
  'Tienda de ropa',
  'Zapatería',
  'Librería',
  'Papelería',
  'Veterinaria',
  'Gimnasio',
  'Estética',
  'Consultorio médico',
  'Dentista',
  'Óptica',
  'Joyería',
  'Pastelería',
  'Mercería',
  'Florería',
  'Cerrajería',
  'Tintorería',
  'Frutería',
  'Pescadería',
  'Vinoteca',
  'Dietética',
  'Bazar',
  'Taller mecánico',
  'Plomería',
  'Electricista',
  'Estudio contable',
  'Inmobiliaria',
  'Centro de masajes',
  'Mantenimiento en general',
] as const;
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
