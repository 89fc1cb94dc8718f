import type { Promocion } from '#shared/api';
import { SIN_LETRA_CHICA, type LetraChica } from '#shared/rules/promocion-dias';
import { isPromocionComplete, type PromocionInput } from '#shared/schemas/promocion';

/** A promotion as the edit form holds it; `id` is the stored one (null for a new row). */
export interface PromoDraft {
  key: string;
  id: number | null;
  titulo: string;
  descripcion: string;
  descuento: string;
  fechaVencimiento: string;
  imagen: string | null;
  imagen2: string | null;
  activa: boolean;
  /** Days, means of payment, amounts and conditions, kept as loaded so a save never drops them. */
  letraChica: LetraChica;
}

let nextKey = 0;
const newKey = () => `promo-${++nextKey}`;

export function draftFrom(p: Promocion): PromoDraft {
  return {
    key: newKey(),
    id: p.id,
    titulo: p.titulo,
    descripcion: p.descripcion,
    descuento: p.descuento,
    fechaVencimiento: p.fechaVencimiento,
    imagen: p.imagen,
    imagen2: p.imagen2,
    activa: p.activa,
    letraChica: {
      dias: p.dias,
      desde: p.desde,
      mediosPago: p.mediosPago,
      medioPagoOtro: p.medioPagoOtro,
      tope: p.tope,
      compraMinima: p.compraMinima,
      condiciones: p.condiciones,
    },
  };
}

/** New rows start active (spec §4). */
export function emptyDraft(): PromoDraft {
  return {
    key: newKey(),
    id: null,
    titulo: '',
    descripcion: '',
    descuento: '',
    fechaVencimiento: '',
    imagen: null,
    imagen2: null,
    activa: true,
    letraChica: SIN_LETRA_CHICA,
  };
}

export function toPromocionInput(d: PromoDraft): PromocionInput {
  return {
    titulo: d.titulo,
    descripcion: d.descripcion,
    descuento: d.descuento,
    fechaVencimiento: d.fechaVencimiento,
    imagen: d.imagen,
    imagen2: d.imagen2,
    activa: d.activa,
    ...d.letraChica,
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
