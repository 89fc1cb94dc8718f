import { useCallback } from 'react';
import { useNavigation } from '#web/lib/navigation';
import { EMPTY_FILTERS, listaView, type ListaFilters } from '#web/lib/routes';

/**
 * Lista's filters live in the URL (/?q=&categoria=&localidad=). A category or locality adds a history entry (Back
 * undoes it, like in a native app); typing a search replaces the entry, so Back does not replay every word.
 */
export function useListaFilters(): [ListaFilters, (change: Partial<ListaFilters>) => void] {
  const { view, navigate } = useNavigation();
  const filters = view.name === 'lista' ? view.filters : EMPTY_FILTERS;
  const setFilters = useCallback(
    (change: Partial<ListaFilters>) => {
      const onlySearch = Object.keys(change).every((key) => key === 'q');
      navigate(listaView({ ...filters, ...change }), onlySearch ? { replace: true } : { keepScroll: true });
    },
    [filters, navigate],
  );
  return [filters, setFilters];
}
