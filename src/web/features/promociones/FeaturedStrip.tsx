import { CalendarX, ChevronRight } from '#web/components/icons';
import { AppLink } from '#web/components/AppLink';
import { EmptyState } from '#web/components/EmptyState';
import { Skeleton } from '#web/components/Skeleton';
import { useNow } from '#web/lib/hooks';
import type { View } from '#web/lib/routes';
import { usePromocionesDestacadas, type FeaturedFilters } from './api';
import { HoyToggle } from './HoyToggle';
import { PromoCardView } from './PromoCardView';

const item = 'w-[15.5rem] shrink-0 snap-start sm:w-[17rem]';

const HOY_VACIO = 'Hoy no hay promociones que apliquen.';

/**
 * "Promociones Destacadas": a horizontal strip of up to 6 promotions on the home view, following its filters;
 * its "Hoy" toggle (mirrored to the URL by the caller) keeps only those that apply today in Mendoza.
 */
export function FeaturedStrip({
  filters,
  hoyTo,
  onHoyChange,
}: {
  filters: FeaturedFilters;
  /** The page with "Hoy" flipped (what the toggle loads before the JavaScript runs). */
  hoyTo: View;
  onHoyChange(hoy: boolean): void;
}) {
  const query = usePromocionesDestacadas(filters);
  const now = useNow();
  const hoy = !!filters.hoy;
  // While another filter loads, the previous strip stays (skeletons if it was empty).
  const items = query.data?.items ?? [];
  const loading = query.isPending || (query.isPlaceholderData && items.length === 0);
  const empty = !loading && items.length === 0;
  // Nothing for these filters (or a failure): no strip, so "no results" is not pushed below the fold. With "Hoy"
  // on, the strip stays with its toggle and says so: the visitor asked for it and must be able to turn it off.
  if (query.isError || (empty && !hoy)) return null;

  return (
    <section aria-labelledby="destacadas-title" className="mt-6">
      <div className="mb-3 flex items-end justify-between gap-2">
        <h2
          id="destacadas-title"
          className="min-w-0 text-base font-extrabold tracking-tight text-ink-900 min-[400px]:text-lg sm:text-xl"
        >
          Promociones Destacadas
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <HoyToggle pressed={hoy} to={hoyTo} onChange={onHoyChange} />
          <AppLink
            to={{ name: 'promociones', categoria: '', ...(hoy ? { hoy } : {}) }}
            className="-mr-2 inline-flex shrink-0 items-center rounded-full py-1 pl-2 pr-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Ver todas
            <ChevronRight className="size-4" aria-hidden="true" />
          </AppLink>
        </div>
      </div>
      {empty ? (
        <EmptyState icon={CalendarX} title={HOY_VACIO}>
          Probá sin el filtro Hoy, con otra categoría o en todas las localidades.
        </EmptyState>
      ) : (
        <ul
          className={`scrollbar-thin edge-fade -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 px-4 pb-3 pt-1 lg:-mx-6 lg:scroll-px-6 lg:px-6 ${loading ? 'overflow-hidden' : 'overflow-x-auto'}`}
          aria-busy={loading}
        >
          {loading
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i} className={item} aria-hidden="true">
                  {/* As tall as a loaded compact card, so the grid below does not jump when the strip arrives. */}
                  <div className="h-[23.2rem] overflow-hidden rounded-card bg-white shadow-card sm:h-[24rem]">
                    <Skeleton className="aspect-[16/9] w-full rounded-none" />
                    <div className="space-y-2.5 p-3.5">
                      <Skeleton className="h-4 w-2/3" />
                      <Skeleton className="h-4 w-full" />
                      <Skeleton className="h-3 w-1/2" />
                    </div>
                  </div>
                </li>
              ))
            : items.map((p, i) => (
                <li key={p.id} className={item}>
                  <PromoCardView promo={p} comercio={p.comercio} now={now} variant="compact" priority={i === 0} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
