import { useQueryClient } from '@tanstack/react-query';
import { Clock, MapPin, Sparkles, Tag } from '#web/components/icons';
import type { ComercioCard as ComercioCardData } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { AppLink } from '#web/components/AppLink';
import { Badge } from '#web/components/Badge';
import { FavoritoButton } from '#web/components/FavoritoButton';
import { Rating } from '#web/components/Rating';
import { SmartImage } from '#web/components/SmartImage';
import { formatDistancia } from '#shared/rules/distancia';
import { localidadLabel, visibleDistancia } from '#web/lib/format';
import { comercioQueries } from './api';

/** A business in the grid: the whole card opens its detalle (one real link, stretched over the card). */
export function ComercioCard({ comercio, priority = false }: { comercio: ComercioCardData; priority?: boolean }) {
  const queryClient = useQueryClient();
  const categorias = splitCategorias(comercio.categoria);
  const distancia =
    comercio.distanciaMetros !== undefined
      ? formatDistancia(comercio.distanciaMetros)
      : visibleDistancia(comercio.distancia);
  const prefetch = () => void queryClient.prefetchQuery(comercioQueries.detail(comercio.id));

  return (
    <article className="group relative flex flex-col rounded-card bg-white shadow-card ring-1 ring-sand-200/70 transition-shadow duration-200 focus-within:shadow-card-hover hover:shadow-card-hover">
      <div className="relative aspect-[16/9] overflow-hidden rounded-t-card min-[480px]:aspect-[4/3]">
        <SmartImage
          imageId={comercio.imagen}
          size="thumb"
          alt=""
          categoria={comercio.categoria}
          width={480}
          height={360}
          priority={priority}
          className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {/* On the right: the sample pictures (and many shop signs) print the locality in the top-left corner. */}
        <div className="absolute right-3 top-3 flex flex-col items-end gap-1.5">
          <FavoritoButton favorito={{ kind: 'comercio', id: comercio.id, nombre: comercio.nombre }} />
          {comercio.destacado && (
            <Badge tone="featured" className="shadow-sm">
              <Sparkles className="size-3.5" aria-hidden="true" />
              Destacado
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base font-bold leading-snug text-ink-900">
            <AppLink
              to={{ name: 'detalle', id: comercio.id, nombre: comercio.nombre }}
              onPointerEnter={prefetch}
              onFocus={prefetch}
              className="rounded outline-offset-4 after:absolute after:inset-0 after:rounded-card after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
            >
              {comercio.nombre}
            </AppLink>
          </h3>
          <Rating rating={comercio.rating} count={comercio.opiniones} className="mt-0.5 shrink-0" />
        </div>
        {categorias.length > 0 && (
          <p className="truncate text-xs font-semibold uppercase tracking-wide text-brand-700">
            {categorias.join(' · ')}
          </p>
        )}
        {comercio.descripcion && <p className="line-clamp-2 text-sm text-ink-600">{comercio.descripcion}</p>}
        {comercio.promoCoincidente && (
          <p className="flex min-w-0 items-start gap-1.5 text-sm font-semibold text-brand-800">
            <Tag className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0 break-words">Promo: {comercio.promoCoincidente}</span>
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs font-medium text-ink-600">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <Clock className="size-3.5 shrink-0 text-ink-500" aria-hidden="true" />
            <span className="truncate">{comercio.horario}</span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-3.5 shrink-0 text-ink-500" aria-hidden="true" />
            {localidadLabel(comercio.localidad)}
            {distancia && <span className="text-ink-500">· {distancia}</span>}
          </span>
        </div>
      </div>
    </article>
  );
}
