import { PartyPopper, TicketPercent } from '#web/components/icons';
import type { Localidad } from '#shared/constants';
import { BackButton } from '#web/components/BackButton';
import { LocalidadPicker } from '#web/components/LocalidadPicker';
import { btnSecondary } from '#web/components/buttons';
import { ChipGroup } from '#web/components/ChipGroup';
import { EmptyState } from '#web/components/EmptyState';
import { Notice, RetryNotice } from '#web/components/Notice';
import { LoadingAnnouncement } from '#web/components/Skeleton';
import { Spinner } from '#web/components/Spinner';
import { useDocumentTitle, useLogError, useNow } from '#web/lib/hooks';
import { CercaMioButton, useCercaMio } from '#web/features/mapa';
import { useNavigation } from '#web/lib/navigation';
import { useOffline } from '#web/lib/online';
import { listaView, MAX_INITIAL_PAGES, type View } from '#web/lib/routes';
import { usePromocionCategorias, usePromocionPages } from './api';
import { HoyToggle } from './HoyToggle';
import { pagoDiaOf } from './filters';
import { PagoDiaFilters } from './PagoDiaFilters';
import { PromoCard } from './PromoCard';
import { PromoCardSkeleton } from './PromoCardSkeleton';
import { useScrollStepPaging } from './scrollStep';

type PromocionesRoute = Extract<View, { name: 'promociones' }>;

const GRID = 'grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 sm:gap-5';

/** Under the list while offline: the app's banner has scrolled away by then, and the next page only waits. */
export const OFFLINE_MORE_PROMOS = 'Sin conexión: mostramos más promociones apenas vuelva la conexión.';
/** In place of the skeleton when the list's read waits for the connection (it would shimmer forever). */
export const OFFLINE_PROMOS_NOTICE =
  'Sin conexión: todavía no pudimos cargar las promociones de este filtro. Las mostramos apenas vuelva la conexión.';

/** Spec §2 promociones: back, category buttons, 8 at first and 8 more per scroll step, empty and end messages. */
export default function PromocionesView({
  categoria,
  localidad = '',
  hoy = false,
  ...raw
}: {
  categoria: string;
  localidad?: Localidad | '' | undefined;
  hoy?: boolean | undefined;
  /** As the URL writes them: unknown values are dropped here. */
  pago?: string | undefined;
  banco?: string | undefined;
  dia?: string | undefined;
}) {
  const { pago, banco, dia } = pagoDiaOf(raw);
  const { navigate, hrefFor } = useNavigation();
  const categorias = usePromocionCategorias();
  const [cerca, toggleCerca] = useCercaMio();
  // The same shape as the server-rendered page seeds (entry-server.tsx): the query key is made of it.
  const pages = usePromocionPages(
    { categoria, localidad, hoy, pago, banco, dia },
    cerca.status === 'on' ? cerca.near : undefined,
  );
  // This view with some filters changed (the others kept). "Hoy" and a weekday both choose the day: the one
  // chosen last stands (together they showed today's list under a select that said another day).
  const viewWith = (change: Partial<PromocionesRoute>): PromocionesRoute => {
    const next = { categoria, localidad, hoy, pago, banco, dia, ...change };
    if (change.hoy) next.dia = undefined;
    else if (change.dia) next.hoy = false;
    return {
      name: 'promociones',
      categoria: next.categoria,
      localidad: next.localidad,
      hoy: next.hoy,
      ...(next.pago ? { pago: next.pago } : {}),
      ...(next.banco ? { banco: next.banco } : {}),
      ...(next.dia ? { dia: next.dia } : {}),
    };
  };
  const filterBy = (change: Partial<PromocionesRoute>) => navigate(viewWith(change), { replace: true });
  const now = useNow();
  useDocumentTitle('Promociones');
  useLogError(pages.error, 'las promociones');
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const offline = useOffline();
  // Offline the next page's read would only pause: wait for the connection (it says so under the list).
  const canLoad = !!pages.hasNextPage && !pages.isFetching && !offline && !pages.isFetchNextPageError;
  const { pending } = useScrollStepPaging({
    canLoad,
    loadNext: () => void pages.fetchNextPage(),
    contentKey: items.length,
  });
  const loadingMore = pending || pages.isFetchingNextPage;

  return (
    <div>
      <BackButton to={listaView()} />
      <div className="mt-2 mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">Promociones</h1>
          <p className="mt-1 text-sm text-ink-600">
            {cerca.status === 'on'
              ? 'Descuentos vigentes de los comercios de tu zona, primero los más cercanos.'
              : 'Descuentos vigentes de los comercios de tu zona, primero los que vencen antes.'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <CercaMioButton state={cerca} onToggle={toggleCerca} />
          <HoyToggle pressed={hoy} to={viewWith({ hoy: !hoy })} onChange={(value) => filterBy({ hoy: value })} />
          <LocalidadPicker value={localidad} onChange={(value) => filterBy({ localidad: value })} />
        </div>
      </div>
      <ChipGroup
        label="Filtrar promociones por categoría"
        allLabel="Todas"
        options={categorias.items}
        value={categoria}
        loading={categorias.loading}
        onChange={(value) => filterBy({ categoria: value })}
      />
      <PagoDiaFilters pago={pago} banco={banco} dia={dia} onChange={(value) => filterBy(value)} />
      {cerca.status === 'failed' && (
        <div className="mt-4">
          <Notice>{cerca.message}</Notice>
        </div>
      )}
      <div className="mt-5">
        {pages.isPending && pages.fetchStatus === 'paused' ? (
          <Notice>{OFFLINE_PROMOS_NOTICE}</Notice>
        ) : pages.isPending ? (
          <div className={GRID} aria-busy="true">
            <LoadingAnnouncement text="Cargando promociones…" />
            {Array.from({ length: 8 }, (_, i) => (
              <PromoCardSkeleton key={i} />
            ))}
          </div>
        ) : pages.isError && items.length === 0 ? (
          <RetryNotice error={pages.error} onRetry={() => void pages.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={TicketPercent}
            title={
              banco
                ? 'No hay promociones con esos filtros. Probá con otro banco o tarjeta, medio de pago o día.'
                : pago || dia
                  ? 'No hay promociones con esos filtros. Probá con otro medio de pago u otro día.'
                  : hoy
                    ? 'Hoy no hay promociones que apliquen. Probá sin el filtro Hoy.'
                    : 'Aún no hay promociones disponibles.'
            }
          />
        ) : (
          <>
            <ul className={GRID}>
              {items.map((p, i) => (
                <li key={p.id}>
                  <PromoCard
                    promo={p}
                    comercio={p.comercio}
                    distanciaMetros={p.distanciaMetros}
                    now={now}
                    priority={i === 0}
                    headingLevel="h2"
                  />
                </li>
              ))}
            </ul>
            {loadingMore && <Spinner label="Cargando más promociones…" />}
            {offline && pages.hasNextPage && (
              <p className="mt-6 text-center text-sm text-ink-600">{OFFLINE_MORE_PROMOS}</p>
            )}
            {pages.isFetchNextPageError && (
              <div className="mt-6 flex justify-center">
                <button type="button" className={btnSecondary} onClick={() => void pages.fetchNextPage()}>
                  No pudimos cargar más. Reintentar
                </button>
              </div>
            )}
            {pages.hasNextPage && (pages.data?.pages.length ?? 0) < MAX_INITIAL_PAGES && (
              // Scrolling loads more with JavaScript; without it, a link to the list with one more page.
              <noscript>
                <p className="mt-8 text-center">
                  <a
                    className={btnSecondary}
                    href={hrefFor({ ...viewWith({}), page: (pages.data?.pages.length ?? 0) + 1 })}
                  >
                    Ver más promociones
                  </a>
                </p>
              </noscript>
            )}
            {!pages.hasNextPage && (
              <p className="mt-10 flex flex-col items-center gap-2 text-center text-sm font-medium text-ink-600">
                <PartyPopper className="size-6 text-brand-600" aria-hidden="true" />
                Has visto todas las promociones disponibles.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
