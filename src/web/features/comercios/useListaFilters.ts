import { useCallback } from 'react';
import { useNavigation } from '../../lib/navigation';
import { EMPTY_FILTERS, listaView, type ListaFilters } from '../../lib/routes';

/** Lista's filters live in the URL (/?q=&categoria=&localidad=); changing one replaces the history entry. */
export function useListaFilters(): [ListaFilters, (change: Partial<ListaFilters>) => void] {
  const { view, navigate } = useNavigation();
  const filters = view.name === 'lista' ? view.filters : EMPTY_FILTERS;
  const setFilters = useCallback(
    (change: Partial<ListaFilters>) => navigate(listaView({ ...filters, ...change }), { replace: true }),
    [filters, navigate],
  );
  return [filters, setFilters];
}
