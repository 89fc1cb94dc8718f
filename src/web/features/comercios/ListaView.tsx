import { SearchX, Store } from 'lucide-react';
import { btnSecondary } from '#web/components/buttons';
import { ChipGroup } from '#web/components/ChipGroup';
import { EmptyState } from '#web/components/EmptyState';
import { Notice } from '#web/components/Notice';
import { useDocumentTitle } from '#web/lib/hooks';
import { FeaturedStrip } from '#web/features/promociones';
import { useComercioCategorias } from './api';
import { CercaMioButton } from './CercaMioButton';
import { ComercioGrid } from './ComercioGrid';
import { useComercioList } from './useComercioList';
import { useCercaMio } from './useCercaMio';
import { useListaFilters } from './useListaFilters';

export const FALLBACK_NOTICE = 'Mostramos datos guardados: puede que no estén actualizados.';
export const EMPTY_MESSAGE = 'No se encontraron comercios que coincidan con tu búsqueda.';
export const OFFLINE_LIST_NOTICE =
  'Sin conexión: todavía no pudimos cargar los comercios de este filtro. Los mostramos apenas vuelva la conexión.';

/** Spec §2 lista (home): chips, featured strip (hidden while searching), the grid with infinite scroll. */
export default function ListaView() {
  const [filters, setFilters] = useListaFilters();
  const categorias = useComercioCategorias();
  const [cerca, toggleCerca] = useCercaMio();
  const list = useComercioList(filters, cerca.status === 'on' ? cerca.near : undefined);
  useDocumentTitle(null);
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
      <ChipGroup
        label="Categorías"
        allLabel="Todos"
        options={categorias.items}
        value={filters.categoria}
        loading={categorias.loading}
        onChange={(categoria) => setFilters({ categoria })}
      />
      {!searching && <FeaturedStrip filters={filters} onHoyChange={(hoy) => setFilters({ hoy })} />}

      <section aria-labelledby="grid-title" className="mt-7">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="grid-title" className="text-lg font-extrabold tracking-tight text-ink-900 sm:text-xl">
            Descubrí comercios de tu zona
          </h2>
          <CercaMioButton state={cerca} onToggle={toggleCerca} />
        </div>
        {cerca.status === 'failed' && (
          <div className="mb-4">
            <Notice>{cerca.message}</Notice>
          </div>
        )}
        {list.loadFailed ? (
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
            Probá con otras palabras, otra categoría o todas las localidades.
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
          />
        )}
      </section>
    </div>
  );
}
