import { LocalidadPicker } from '#web/components/LocalidadPicker';
import { useListaFilters } from './useListaFilters';

/** The locality dropdown of the lista header (spec §2: visible only on that view). */
export function LocalidadSelect() {
  const [filters, setFilters] = useListaFilters();
  return <LocalidadPicker compact value={filters.localidad} onChange={(localidad) => setFilters({ localidad })} />;
}
