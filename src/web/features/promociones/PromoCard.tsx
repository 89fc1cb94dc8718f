import { DenunciarButton } from '#web/features/denuncias';
import { LetraChicaDetalle } from './LetraChica';
import { PromoCardView, type PromoCardProps } from './PromoCardView';

/** A promotion as the promotions page, favourites and a business page show it: with the report button and, embedded, all its fine print. */
export function PromoCard(props: PromoCardProps) {
  const { promo, comercio } = props;
  return (
    <PromoCardView
      {...props}
      detalle={<LetraChicaDetalle promo={promo} />}
      footer={
        <DenunciarButton
          target={{ comercioId: comercio.id, promocionId: promo.id, nombre: promo.titulo }}
          className="self-start px-2 py-1 text-xs"
        />
      }
    />
  );
}
