import { CalendarCheck, ChevronRight } from 'lucide-react';
import { AppLink } from '#web/components/AppLink';
import { Skeleton } from '#web/components/Skeleton';
import { useNow } from '#web/lib/hooks';
import { usePromocionesDestacadas, type FeaturedFilters } from './api';
import { PromoCard } from './PromoCard';

const item = 'w-[15.5rem] shrink-0 snap-start sm:w-[17rem]';

/** "Promociones Destacadas": a horizontal strip of up to 6 promotions on the home view, following its filters. */
export function FeaturedStrip({ filters }: { filters: FeaturedFilters }) {
  const query = usePromocionesDestacadas(filters);
  const now = useNow();
  const items = query.data?.items ?? [];
  // Nothing for these filters (or a failure): no strip, so "no results" is not pushed below the fold.
  if (query.isError || (!query.isPending && items.length === 0)) return null;

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
          <AppLink
            to={{ name: 'promociones', categoria: '', hoy: true }}
            className="inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <CalendarCheck className="size-4" aria-hidden="true" />
            Promos de hoy
          </AppLink>
          <AppLink
            to={{ name: 'promociones', categoria: '' }}
            className="-mr-2 inline-flex shrink-0 items-center rounded-full py-1 pl-2 pr-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Ver todas
            <ChevronRight className="size-4" aria-hidden="true" />
          </AppLink>
        </div>
      </div>
      <ul
        className={`scrollbar-thin edge-fade -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 px-4 pb-3 pt-1 lg:-mx-6 lg:scroll-px-6 lg:px-6 ${query.isPending ? 'overflow-hidden' : 'overflow-x-auto'}`}
        aria-busy={query.isPending}
      >
        {query.isPending
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
                <PromoCard promo={p} comercio={p.comercio} now={now} variant="compact" priority={i < 2} />
              </li>
            ))}
      </ul>
    </section>
  );
}
