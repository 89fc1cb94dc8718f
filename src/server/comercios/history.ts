import { isDeepStrictEqual } from 'node:util';
import type { OwnerChanges, PromocionesCambios } from '#shared/operador';

/**
 * What an owner's save changed, for the business history the console shows (ADR 018, amended). Pure: the
 * service already holds the row before (locked) and the values after, so the history costs no extra query.
 */

/** Derived from `categorias`, so listing it too would only repeat the same change. */
const DERIVED = new Set(['categoria']);

/**
 * The written columns whose value differs from the stored one, old and new. Columns left undefined keep
 * their stored value (drizzle skips them), so they are not changes. Compared structurally: jsonb comes back
 * with its keys reordered.
 */
export function changedFields(before: object, written: object): OwnerChanges | null {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const stored = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(written)) {
    if (value === undefined || DERIVED.has(key)) continue;
    const previous = stored[key] ?? null;
    if (isDeepStrictEqual(previous, value ?? null)) continue;
    old[key] = previous;
    now[key] = value ?? null;
  }
  return Object.keys(now).length ? { before: old, after: now } : null;
}

/** Whether a promotion list save changed anything (an identical save writes no history). */
export const promocionesChanged = (c: PromocionesCambios) =>
  c.agregadas.length + c.editadas.length + c.eliminadas.length > 0;
