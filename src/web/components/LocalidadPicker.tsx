import { ChevronDown, MapPin } from 'lucide-react';
import { useId } from 'react';
import { LOCALIDADES, LOCALIDAD_LABELS, type Localidad } from '../../shared/constants';

/** A locality dropdown ("Todas" or one of the three) for views that filter by locality outside the home header. */
export function LocalidadPicker({ value, onChange }: { value: Localidad | ''; onChange(value: Localidad | ''): void }) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Localidad
      </label>
      <MapPin className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-brand-600" aria-hidden="true" />
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Localidad | '')}
        className="h-11 w-48 cursor-pointer appearance-none rounded-full border border-sand-300 bg-white py-0 pl-9 pr-9 text-sm font-semibold text-ink-900 shadow-sm transition-colors hover:border-brand-300"
      >
        <option value="">Todas las localidades</option>
        {LOCALIDADES.map((l) => (
          <option key={l} value={l}>
            {LOCALIDAD_LABELS[l]}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-ink-500" aria-hidden="true" />
    </div>
  );
}
