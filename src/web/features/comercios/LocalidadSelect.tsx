import { ChevronDown, MapPin } from 'lucide-react';
import { useId } from 'react';
import { LOCALIDADES, LOCALIDAD_LABELS, type Localidad } from '../../../shared/constants';
import { useListaFilters } from './useListaFilters';

/** The locality dropdown of the lista header (spec §2: visible only on that view). */
export function LocalidadSelect() {
  const [filters, setFilters] = useListaFilters();
  const id = useId();
  return (
    <div className="relative min-w-0">
      <label htmlFor={id} className="sr-only">
        Localidad
      </label>
      <MapPin className="pointer-events-none absolute left-2 top-1/2 size-4 -translate-y-1/2 text-brand-600" aria-hidden="true" />
      <select
        id={id}
        value={filters.localidad}
        onChange={(event) => setFilters({ localidad: event.target.value as Localidad | '' })}
        className="h-10 w-full max-w-[10rem] cursor-pointer appearance-none truncate rounded-full border border-sand-300 bg-white py-0 pl-7 pr-7 text-sm font-semibold text-ink-900 shadow-sm transition-colors hover:border-brand-300 md:h-12 md:w-48 md:max-w-none md:text-base"
      >
        <option value="">Todas</option>
        {LOCALIDADES.map((l) => (
          <option key={l} value={l}>
            {LOCALIDAD_LABELS[l]}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-2 top-1/2 size-4 -translate-y-1/2 text-ink-500" aria-hidden="true" />
    </div>
  );
}
