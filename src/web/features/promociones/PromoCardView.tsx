import { CalendarDays, Hourglass, Store } from '#web/components/icons';
import type { ReactNode } from 'react';
import type { Promocion, PromocionCard } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { formatLongDay } from '#shared/rules/dates';
import { formatDistancia } from '#shared/rules/distancia';
import { countdownText, isPromotionExpired } from '#shared/rules/promocion';
import { compactText, estadoHoy, estadoHoyText } from '#shared/rules/promocion-dias';
import { AppLink } from '#web/components/AppLink';
import { Badge } from '#web/components/Badge';
import { FavoritoButton } from '#web/components/FavoritoButton';
import { btnSecondary } from '#web/components/buttons';
import { SmartImage } from '#web/components/SmartImage';

type PromoBusiness = PromocionCard['comercio'];

export interface PromoCardProps {
  promo: Promocion;
  comercio: PromoBusiness;
  /** With "Cerca mío": metres from the visitor to the business ("a 350 m"). */
  distanciaMetros?: number | undefined;
  now: Date;
  /** full: promotions page; compact: featured strip; embedded: inside its own business's detalle (no link back). */
  variant?: 'full' | 'compact' | 'embedded';
  priority?: boolean;
  /** h3 under a section heading (strip, detalle); h2 directly under the page's h1 (promociones). */
  headingLevel?: 'h2' | 'h3';
}

interface PromoCardViewProps extends PromoCardProps {
  /** embedded: all the fine print, in place of its one-line summary. */
  detalle?: ReactNode;
  /** Under a current promotion, outside the strip (the report button). */
  footer?: ReactNode;
}

/**
 * A promotion: image, discount, title, description, business, "Válido hasta …", Vencida / countdown badges. The
 * home's strip uses it alone; PromoCard adds what the other pages show, so that code stays off the first load.
 */
export function PromoCardView({
  promo,
  comercio,
  distanciaMetros,
  now,
  variant = 'full',
  priority = false,
  headingLevel: Heading = 'h3',
  detalle,
  footer,
}: PromoCardViewProps) {
  const expired = isPromotionExpired(promo.fechaVencimiento, now);
  const countdown = expired ? null : countdownText(promo.fechaVencimiento, now);
  const categoria = splitCategorias(comercio.categoria)[0] ?? '';
  const compact = variant === 'compact';
  const hoy = expired ? null : estadoHoyText(estadoHoy(promo, now));
  const resumen = compactText(promo);

  // On its own business's page a promotion without a picture of its own would repeat the page's banner: it shows
  // as a compact card instead, the discount and the badges in a row above the title.
  const bare = variant === 'embedded' && !promo.imagen;
  const badges = (
    <>
      {expired && <Badge tone="expired">Vencida</Badge>}
      {hoy && <Badge tone="neutral">{hoy}</Badge>}
      {countdown && (
        <Badge tone="urgent">
          <Hourglass className="size-3.5" aria-hidden="true" />
          {countdown}
        </Badge>
      )}
    </>
  );

  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-sand-200/70 ${expired ? 'opacity-80' : ''}`}
      data-variant={bare ? 'embedded-bare' : variant}
    >
      {bare ? (
        <div className="flex items-start gap-2 px-4 pt-4">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
            {promo.descuento && (
              <span
                data-testid="descuento"
                className="rounded-xl bg-brand-600 px-3 py-1 text-lg font-extrabold leading-tight text-white"
              >
                {promo.descuento}
              </span>
            )}
            {badges}
          </div>
          <FavoritoButton favorito={{ kind: 'promocion', id: promo.id, nombre: promo.titulo }} />
        </div>
      ) : (
        <div className={`relative ${compact ? 'aspect-[16/9]' : 'aspect-[16/10]'}`}>
          <SmartImage
            imageId={promo.imagen ?? comercio.imagen}
            size="thumb"
            alt=""
            categoria={comercio.categoria}
            width={480}
            height={300}
            priority={priority}
            // Out of the flow: the box keeps its aspect ratio whatever the photo's own shape (an in-flow image sets
            // the box's minimum height once it loads, a layout shift). The box cannot clip it: the discount straddles it.
            className={`absolute inset-0 size-full ${expired ? 'grayscale' : ''}`}
          />
          {promo.descuento && (
            // Straddles the image's bottom edge: the sample pictures (and owners' shop signs) put the name in the
            // lower middle, which a badge inside the picture would cover.
            <span data-testid="descuento" className="promo-discount">
              {promo.descuento}
            </span>
          )}
          {/* On the right: the sample pictures (and many shop signs) print the locality in the top-left corner. */}
          <div className="absolute right-3 top-3 flex flex-col items-end gap-1">
            <FavoritoButton favorito={{ kind: 'promocion', id: promo.id, nombre: promo.titulo }} />
            {badges}
          </div>
        </div>
      )}
      <div
        className={`flex flex-1 flex-col gap-2 ${compact ? 'p-3.5' : 'p-4'} ${bare ? 'pt-2' : promo.descuento ? (compact ? 'pt-6' : 'pt-7') : ''}`}
      >
        {variant !== 'embedded' && (
          <div className="flex min-w-0 items-center gap-2">
            <SmartImage
              imageId={comercio.imagen}
              size="thumb"
              alt=""
              categoria={comercio.categoria}
              width={32}
              height={32}
              className="size-8 shrink-0 rounded-full ring-2 ring-white"
              iconClassName="size-4"
            />
            <p className="min-w-0 text-xs leading-tight">
              <span className="block truncate font-bold text-ink-900">{comercio.nombre}</span>
              {(categoria || distanciaMetros !== undefined) && (
                <span className="block truncate text-ink-600">
                  {[categoria, distanciaMetros === undefined ? '' : formatDistancia(distanciaMetros)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
            </p>
          </div>
        )}
        <Heading className={`font-bold leading-snug text-ink-900 ${compact ? 'line-clamp-2 text-sm' : 'text-base'}`}>
          {promo.titulo}
        </Heading>
        {promo.descripcion && (
          <p className={`text-sm text-ink-600 ${compact ? 'line-clamp-2' : 'line-clamp-3'}`}>{promo.descripcion}</p>
        )}
        {variant === 'embedded'
          ? detalle
          : resumen && (
              <p data-testid="letra-chica" className="text-xs font-semibold text-brand-800">
                {resumen}
              </p>
            )}
        <p className="mt-auto flex items-center gap-1.5 pt-1 text-xs font-medium text-ink-600">
          <CalendarDays className="size-3.5 shrink-0 text-ink-500" aria-hidden="true" />
          Válido hasta {formatLongDay(promo.fechaVencimiento)}
        </p>
        {variant !== 'embedded' && (
          <AppLink
            to={{ name: 'detalle', id: comercio.id, nombre: comercio.nombre }}
            className={`${btnSecondary} mt-1 w-full py-2`}
            aria-label={`Ver comercio ${comercio.nombre}`}
          >
            <Store className="size-4" aria-hidden="true" />
            Ver comercio
          </AppLink>
        )}
        {!compact && !expired && footer}
      </div>
    </article>
  );
}
