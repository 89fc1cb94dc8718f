import { foldAccents } from './text';
// Apart from the helpers in categorias.ts: the browser's first load needs those, only the owner's form needs the
// list, and a module's exports travel together into whichever chunk holds it (ADR 023).
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

const BY_FOLDED = new Map(CATEGORIAS.map((c) => [foldAccents(c), c]));

/**
 * The list's own spelling of a category written another way ("panaderia", "PANADERÍA" → "Panadería"), or
 * undefined when it is not one of the list's (or is written exactly so already).
 */
export function categoriaComoEnLaLista(written: string): string | undefined {
  const found = BY_FOLDED.get(foldAccents(written.trim()));
  return found !== written ? found : undefined;
}
