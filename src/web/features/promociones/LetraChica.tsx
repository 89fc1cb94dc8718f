import type { Promocion } from '#shared/api';
import { formatMoney } from '#shared/rules/money';
import { diasText, formatDayMonth, mediosPagoText } from '#shared/rules/promocion-dias';

/** All the fine print of a promotion, as the business's page shows it (nothing when it has none). */
export function LetraChicaDetalle({ promo }: { promo: Promocion }) {
  const medios = mediosPagoText(promo);
  const rows: Array<[string, string]> = [
    ['Días', diasText(promo.dias)],
    ...(promo.desde ? [['Desde', `el ${formatDayMonth(promo.desde)}`] as [string, string]] : []),
    ...(medios ? [['Medios de pago', medios] as [string, string]] : []),
    ...(promo.tope !== null ? [['Tope de reintegro', formatMoney(promo.tope)] as [string, string]] : []),
    ...(promo.compraMinima !== null ? [['Compra mínima', formatMoney(promo.compraMinima)] as [string, string]] : []),
    ...(promo.condiciones ? [['Condiciones', promo.condiciones] as [string, string]] : []),
  ];
  return (
    <dl className="fine-print">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-ink-900">{term}</dt>
          <dd className="whitespace-pre-line break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
