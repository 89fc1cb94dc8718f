import { SearchX, Store } from '#web/components/icons';
import { lazy, Suspense } from 'react';
import { btnSecondary } from '#web/components/buttons';
import { ChipGroup } from '#web/components/ChipGroup';
import { EmptyState } from '#web/components/EmptyState';
import { Notice } from '#web/components/Notice';
import { AppLink } from '#web/components/AppLink';
import { useDocumentTitle } from '#web/lib/hooks';
import { useNavigation } from '#web/lib/navigation';
import { listaView, MAX_INITIAL_PAGES } from '#web/lib/routes';
import { CercaMioButton, useCercaMio } from '#web/features/mapa';
import { FeaturedStrip } from '#web/features/promociones';
import { useComercioCategorias } from './api';
import { MapaPlaceholder } from './MapaPlaceholder';
import { ComercioGrid } from './ComercioGrid';
import { useComercioList } from './useComercioList';
import { listaIn, useListaFilters, useListaVista } from './useListaFilters';
import { AbiertoToggle } from './AbiertoToggle';
import { OrdenToggle } from './OrdenToggle';
import { VistaToggle } from './VistaToggle';

// The header's search box and locality select belong to this view: App takes them from this module, so they come
// in the home view's chunk and no other page's first load carries them.
export { LocalidadSelect } from './LocalidadSelect';
export { SearchBox } from './SearchBox';

// The map view (its data, pins and Leaflet) loads when someone picks "Mapa": the list is the first view.
const MapaView = lazy(() => import('./MapaView').then((m) => ({ default: m.MapaView })));

export const FALLBACK_NOTICE = 'Mostramos datos guardados: puede que no estén actualizados.';
export const EMPTY_MESSAGE = 'No se encontraron comercios que coincidan con tu búsqueda.';
export const OFFLINE_LIST_NOTICE =
  'Sin conexión: todavía no pudimos cargar los comercios de este filtro. Los mostramos apenas vuelva la conexión.';

/** Spec §2 lista (home): chips, featured strip (hidden while searching), the grid with infinite scroll. */
export default function ListaView() {
  const [filters, setFilters] = useListaFilters();
  const categorias = useComercioCategorias();
  const [cerca, toggleCerca] = useCercaMio({
    on: !!filters.cerca,
    set: (on) => setFilters({ cerca: on || undefined }),
  });
  const [mapa, setMapa] = useListaVista();
  const near = cerca.status === 'on' ? cerca.near : undefined;
  const list = useComercioList(filters, near);
  const { hrefFor } = useNavigation();
  useDocumentTitle(null);
  // Without JavaScript "Cargar más" opens the grid with one more page (up to what a URL may ask for).
  const moreHref =
    cerca.status !== 'on' && list.pageCount > 0 && list.pageCount < MAX_INITIAL_PAGES
      ? hrefFor({ name: 'lista', filters, page: list.pageCount + 1 })
      : undefined;
  const searching = filters.q.trim() !== '';

  return (
    <div>
      <h1 className="sr-only">Vidriera: comercios y promociones de Mendoza</h1>
      {list.fallbackSource && (
        <div className="mb-4">
          <Notice
            action={
              <button type="button" className={`${btnSecondary} py-1.5`} onClick={list.retry}>
                Reintentar
              </button>
            }
          >
            {FALLBACK_NOTICE}
          </Notice>
        </div>
      )}
      {list.waitingForConnection && (
        <div className="mb-4">
          <Notice>{OFFLINE_LIST_NOTICE}</Notice>
        </div>
      )}
      {/* With dozens of chips and the featured strip before them, keyboards and screen readers jump to the grid. */}
      <a href="#resultados" className="skip-link">
        Ir a los resultados
      </a>
      <ChipGroup
        label="Categorías"
        allLabel="Todos"
        options={categorias.items}
        value={filters.categoria}
        loading={categorias.loading}
        onChange={(categoria) => setFilters({ categoria })}
      />
      {!searching && (
        <FeaturedStrip
          filters={filters}
          hoyTo={listaIn({ ...filters, hoy: !filters.hoy }, mapa)}
          onHoyChange={(hoy) => setFilters({ hoy })}
        />
      )}

      <section id="resultados" tabIndex={-1} aria-labelledby="grid-title" className="mt-7 outline-none">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="grid-title" className="text-lg font-extrabold tracking-tight text-ink-900 sm:text-xl">
            Descubrí comercios de tu zona
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <VistaToggle mapa={mapa} onChange={setMapa} />
            {!mapa && cerca.status !== 'on' && (
              <OrdenToggle
                valorados={filters.orden === 'valorados'}
                onChange={(valorados) => setFilters({ orden: valorados ? 'valorados' : undefined })}
              />
            )}
            <AbiertoToggle
              pressed={!!filters.abierto}
              to={listaIn({ ...filters, abierto: !filters.abierto || undefined }, mapa)}
              onChange={(abierto) => setFilters({ abierto: abierto || undefined })}
            />
            <CercaMioButton state={cerca} onToggle={toggleCerca} />
          </div>
        </div>
        {cerca.status === 'failed' && (
          <div className="mb-4">
            <Notice>{cerca.message}</Notice>
          </div>
        )}
        {/* What a search or a filter found, said once the answer is in (the box keeps the focus meanwhile). */}
        <p role="status" className="sr-only">
          {mapa || list.isLoading || list.loadFailed
            ? ''
            : `${list.hasMore ? 'Más de ' : ''}${list.items.length} comercio${list.items.length === 1 ? '' : 's'}`}
        </p>
        {!mapa && searching && list.sugerencia && (
          // The server found nothing for the typed words and suggests them corrected (ADR 040); the link keeps every
          // other filter.
          <p className="mb-4">
            ¿Quisiste decir{' '}
            <AppLink to={listaView({ ...filters, q: list.sugerencia })} className="font-bold text-brand-700 underline">
              {list.sugerencia}
            </AppLink>
            ?
          </p>
        )}
        {mapa ? (
          <Suspense fallback={<MapaPlaceholder />}>
            <MapaView filters={filters} near={near} />
          </Suspense>
        ) : list.loadFailed ? (
          <EmptyState
            icon={Store}
            title="No pudimos cargar los comercios."
            action={
              <button type="button" className={btnSecondary} onClick={list.retry}>
                Reintentar
              </button>
            }
          >
            Revisá tu conexión e intentá nuevamente.
          </EmptyState>
        ) : !list.isLoading && list.items.length === 0 ? (
          <EmptyState icon={SearchX} title={EMPTY_MESSAGE}>
            {filters.abierto
              ? 'Probá sin «Abierto ahora», con otras palabras, otra categoría o todas las localidades.'
              : 'Probá con otras palabras, otra categoría o todas las localidades.'}
          </EmptyState>
        ) : (
          <ComercioGrid
            items={list.items}
            loading={list.isLoading}
            refreshing={list.isRefreshing}
            hasMore={list.hasMore}
            fetchingMore={list.isFetchingMore}
            moreFailed={list.moreFailed}
            onLoadMore={list.loadMore}
            moreHref={moreHref}
            priorityFirst={searching}
          />
        )}
      </section>
    </div>
  );
}
