/** Spanish counts: the singular for exactly one, the plural for everything else (0 included), es-AR digits. */
export function contar(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('es-AR')} ${n === 1 ? singular : plural}`;
}
