import { MapPinOff, Store } from '#web/components/icons';
import type { LatLng } from '#shared/rules/geo';
import { btnSecondary } from '#web/components/buttons';
import { EmptyState } from '#web/components/EmptyState';
import { MapaResultados } from '#web/features/mapa';
import type { ListaFilters } from '#web/lib/routes';
import { useQuery } from '@tanstack/react-query';
import { useLogError } from '#web/lib/hooks';
import { comercioQueries } from './api';
import { MapaPlaceholder } from './MapaPlaceholder';

// Here, not in api.ts: api.ts is in every page's first load, the map view is not.
function useComercioMapa(filters: ListaFilters, near?: LatLng) {
  const query = useQuery(comercioQueries.mapa(filters, near));
  useLogError(query.error, 'el mapa de comercios');
  return query;
}

/** The map view of lista: the same filters (and "Cerca mío") as the grid, every result with a pin. */
export function MapaView({ filters, near }: { filters: ListaFilters; near: LatLng | undefined }) {
  const mapa = useComercioMapa(filters, near);
  if (mapa.isPending) return <MapaPlaceholder />;
  if (mapa.isError && !mapa.data)
    return (
      <EmptyState
        icon={Store}
        title="No pudimos cargar el mapa."
        action={
          <button type="button" className={btnSecondary} onClick={() => void mapa.refetch()}>
            Reintentar
          </button>
        }
      >
        Revisá tu conexión e intentá nuevamente.
      </EmptyState>
    );
  if (mapa.data.items.length === 0)
    return (
      <EmptyState icon={MapPinOff} title="Ningún comercio de esta búsqueda marcó su ubicación.">
        En el mapa aparecen solo los comercios que marcaron su ubicación. Probá con la lista.
      </EmptyState>
    );
  return <MapaResultados pins={mapa.data.items} near={near} truncated={mapa.data.truncated} />;
}
