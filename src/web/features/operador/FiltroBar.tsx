import { useId } from 'react';
import { inputClass } from './Pager';

export interface EstadoFiltro<E extends string> {
  value: E | '';
  options: ReadonlyArray<readonly [E, string]>;
  onChange: (value: E | '') => void;
}

/**
 * The search box (and, where a list has one, the "Estado" select) above each operator list. Every change goes
 * through the callbacks, so the caller can go back to page 1 when the filter changes.
 */
export function FiltroBar<E extends string>({
  searchLabel,
  q,
  onSearch,
  estado,
}: {
  searchLabel: string;
  q: string;
  onSearch: (q: string) => void;
  estado?: EstadoFiltro<E>;
}) {
  const qId = useId();
  const estadoId = useId();
  const search = (
    <div>
      <label htmlFor={qId} className="mb-1 block text-sm font-semibold">
        {searchLabel}
      </label>
      <input id={qId} type="search" className={inputClass} value={q} onChange={(e) => onSearch(e.target.value)} />
    </div>
  );
  if (!estado) return search;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
      {search}
      <div>
        <label htmlFor={estadoId} className="mb-1 block text-sm font-semibold">
          Estado
        </label>
        <select
          id={estadoId}
          className={inputClass}
          value={estado.value}
          onChange={(e) => estado.onChange(e.target.value as E | '')}
        >
          <option value="">Todos</option>
          {estado.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
