import { onFirstUse } from '#shared/intl';

/** Accent- and case-folding, the same rule the database applies with unaccent(lower(...)). */
export function foldAccents(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const collator = onFirstUse(() => new Intl.Collator('es', { sensitivity: 'base' }));
export function compareEs(a: string, b: string): number {
  return collator().compare(a, b);
}
