import type { Promocion } from '#shared/api';
import { PROMO_VENCIDA_AL_GUARDAR, vencidaAlGuardar } from '#shared/rules/promocion-guardado';
import { SIN_LETRA_CHICA } from '#shared/rules/sin-letra-chica';
import { isPromocionComplete, promocionesInputSchema, type PromocionInput } from '#shared/schemas/promocion';

/**
 * A promotion as the edit form holds it: the save schema's input with every field present; `id` is the stored
 * one (null for a new row), sent back so the server updates it in place (ADR 013).
 */
export type PromoDraft = Required<PromocionInput>;

/** A stored promotion → its row in the form (everything but the business it belongs to). */
export function draftFrom({ comercioId: _comercioId, ...draft }: Promocion): PromoDraft {
  return draft;
}

/** New rows start active (spec §4). */
export function emptyDraft(): PromoDraft {
  return {
    id: null,
    titulo: '',
    descripcion: '',
    descuento: '',
    fechaVencimiento: '',
    imagen: null,
    imagen2: null,
    activa: true,
    ...SIN_LETRA_CHICA,
  };
}

export interface PromoSavePlan {
  /** What is sent with the save. */
  keep: PromoDraft[];
  /** Rows lacking title, discount or expiry: dropped after the confirmation. */
  incomplete: number;
  added: number;
  removed: number;
}

/** Spec §5: incomplete rows are dropped; added/removed compare the saved list with the loaded one. */
export function planPromociones(loadedIds: readonly number[], drafts: readonly PromoDraft[]): PromoSavePlan {
  const keep = drafts.filter((d) => isPromocionComplete(d));
  const keptIds = new Set(keep.flatMap((d) => (d.id === null ? [] : [d.id])));
  return {
    keep,
    incomplete: drafts.length - keep.length,
    added: keep.filter((d) => d.id === null || !loadedIds.includes(d.id)).length,
    removed: loadedIds.filter((id) => !keptIds.has(id)).length,
  };
}

/**
 * The first thing the server's own schema would refuse in the promotions to save (a negative cap, a start after
 * the expiry…), in its words and naming the promotion, or null. Checked before the summary alert, so the owner is
 * not told "Se agregará 1 promoción." and then that nothing was saved; the server still checks it all again. A new
 * promotion, or one whose expiry was changed, must not be expired already (`stored`: the promotions as loaded).
 */
export function promocionesProblem(
  keep: readonly PromoDraft[],
  stored: readonly Pick<Promocion, 'id' | 'fechaVencimiento'>[],
  now: Date,
): string | null {
  const result = promocionesInputSchema.safeParse(keep);
  const issue = result.success ? undefined : result.error.issues[0];
  if (issue) {
    const draft = typeof issue.path[0] === 'number' ? keep[issue.path[0]] : undefined;
    return draft ? `Revisá la promoción «${draft.titulo.trim()}»: ${issue.message}` : issue.message;
  }
  const storedExpiry = new Map(stored.map((p) => [p.id, p.fechaVencimiento]));
  const vencida = keep.find((d) =>
    vencidaAlGuardar(d.fechaVencimiento, d.id === null ? undefined : storedExpiry.get(d.id), now),
  );
  return vencida ? `Revisá la promoción «${vencida.titulo.trim()}»: ${PROMO_VENCIDA_AL_GUARDAR}` : null;
}

/** The spec's confirmation, word for word. */
export function incompleteMessage(n: number): string {
  return `Hay ${n} promoción(es) con información incompleta que no se guardarán. ¿Deseas continuar?`;
}

const promos = (n: number) => `${n} ${n === 1 ? 'promoción' : 'promociones'}`;

/** "Se agregarán 2 promociones y se eliminará 1." — null when the list keeps the same rows. */
export function changesMessage(added: number, removed: number): string | null {
  const parts: string[] = [];
  if (added) parts.push(`${added === 1 ? 'se agregará' : 'se agregarán'} ${promos(added)}`);
  if (removed) parts.push(`${removed === 1 ? 'se eliminará' : 'se eliminarán'} ${promos(removed)}`);
  if (!parts.length) return null;
  const text = parts.join(' y ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
