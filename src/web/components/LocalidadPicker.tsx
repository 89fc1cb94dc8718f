import { ChevronDown, MapPin } from './icons';
import { useEffect, useId, useRef } from 'react';
import { LOCALIDADES, LOCALIDAD_LABELS, type Localidad } from '#shared/constants';

interface LocalidadPickerProps {
  value: Localidad | '';
  onChange(value: Localidad | ''): void;
  /** The lista header is tight on a phone: a shorter "all" option and a select that shrinks with the row. */
  compact?: boolean;
}

/** A locality dropdown: "Todas" or one of the three localities. */
export function LocalidadPicker({ value, onChange, compact = false }: LocalidadPickerProps) {
  const id = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  // On a server-rendered page a visitor can pick a locality before the JavaScript arrives: the select shows it
  // but no handler saw it. Adopt it once hydrated (in a page rendered in the browser the two always agree).
  useEffect(() => {
    const shown = selectRef.current?.value;
    if (shown !== undefined && shown !== value) onChange(shown as Localidad | '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
  const inset = compact ? 'left-2' : 'left-3';
  return (
    <div className={compact ? 'relative min-w-0' : 'relative'}>
      <label htmlFor={id} className="sr-only">
        Localidad
      </label>
      <MapPin
        className={`pointer-events-none absolute ${inset} top-1/2 size-4 -translate-y-1/2 text-brand-600`}
        aria-hidden="true"
      />
      <select
        id={id}
        ref={selectRef}
        value={value}
        onChange={(event) => onChange(event.target.value as Localidad | '')}
        className={`cursor-pointer appearance-none rounded-full border border-sand-300 bg-white py-0 text-sm font-semibold text-ink-900 shadow-sm transition-colors hover:border-brand-300 ${
          compact
            ? 'h-10 w-full max-w-[10rem] truncate pl-7 pr-7 md:h-12 md:w-48 md:max-w-none md:text-base'
            : // As wide as its longest option ("Todas las localidades"): a fixed width cut it on a phone.
              'h-11 w-auto pl-9 pr-9'
        }`}
      >
        <option value="">{compact ? 'Todas' : 'Todas las localidades'}</option>
        {LOCALIDADES.map((l) => (
          <option key={l} value={l}>
            {LOCALIDAD_LABELS[l]}
          </option>
        ))}
      </select>
      <ChevronDown
        className={`pointer-events-none absolute ${compact ? 'right-2' : 'right-3'} top-1/2 size-4 -translate-y-1/2 text-ink-500`}
        aria-hidden="true"
      />
    </div>
  );
}
