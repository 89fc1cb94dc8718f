import { useCallback } from 'react';
import { useNavigation } from '#web/lib/navigation';
import { EMPTY_FILTERS, listaView, type ListaFilters, type View } from '#web/lib/routes';

/**
 * Lista's filters live in the URL (/?q=&categoria=&localidad=). A category or locality adds a history entry (Back
 * undoes it, like in a native app); typing a search replaces the entry, so Back does not replay every word.
 * Filters change while the map is shown too: the map stays.
 */
export function useListaFilters(): [ListaFilters, (change: Partial<ListaFilters>) => void] {
  const { view, navigate } = useNavigation();
  const filters = view.name === 'lista' ? view.filters : EMPTY_FILTERS;
  const mapa = view.name === 'lista' && view.mapa === true;
  const setFilters = useCallback(
    (change: Partial<ListaFilters>) => {
      const onlySearch = Object.keys(change).every((key) => key === 'q');
      navigate(listaIn({ ...filters, ...change }, mapa), onlySearch ? { replace: true } : { keepScroll: true });
    },
    [filters, mapa, navigate],
  );
  return [filters, setFilters];
}

/** "Lista / Mapa", in the URL (`?vista=mapa`): a switch is a history entry, so Back returns to the other view. */
export function useListaVista(): [boolean, (mapa: boolean) => void] {
  const { view, navigate } = useNavigation();
  const filters = view.name === 'lista' ? view.filters : EMPTY_FILTERS;
  const mapa = view.name === 'lista' && view.mapa === true;
  const setMapa = useCallback(
    (next: boolean) => {
      if (next !== mapa) navigate(listaIn(filters, next), { keepScroll: true });
    },
    [filters, mapa, navigate],
  );
  return [mapa, setMapa];
}

/** The home view with these filters, on the list or the map. */
export function listaIn(filters: ListaFilters, mapa: boolean): View {
  return mapa ? { name: 'lista', filters, mapa: true } : listaView(filters);
}
