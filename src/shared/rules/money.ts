import { onFirstUse } from '#shared/intl';

const ars = onFirstUse(
  () => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 }),
);

/** 450 → "$ 450" (with the non-breaking space es-AR uses). */
export function formatMoney(amount: number): string {
  return ars().format(amount);
}
