import { Check, Search, Star, X } from '#web/components/icons';
import { useId, useState, type KeyboardEvent } from 'react';
import { OTRA_CATEGORIA } from '#shared/categorias';
import { CATEGORIAS } from '#shared/categorias-lista';
import { useComercioCategorias } from '#web/features/comercios';
import { addCategoria, filterCategorias, removeCategoria } from './categorias';
import { errorId, FieldError, inputClass, RequiredMark } from '#web/components/form/Fields';
import { fieldId } from './formValues';

interface CategoryPickerProps {
  value: string[];
  onChange(next: string[]): void;
  error?: string | null;
}

/**
 * Spec §3/§5: the 43 options filterable by text, several at once (the first is the primary one), duplicates ignored.
 * One list only (issue 9): the categories already in use and "Otro", which the spec feeds to a hidden select, are
 * options of the same list instead of a second dropdown with the same names.
 */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const [filter, setFilter] = useState('');
  const filterInputId = fieldId('categorias');
  const listId = useId();
  const existing = useComercioCategorias();
  const allOptions = [...new Set([...CATEGORIAS, ...existing.items, OTRA_CATEGORIA])];
  const options = filterCategorias(filter, allOptions);

  const toggle = (c: string) => onChange(value.includes(c) ? removeCategoria(value, c) : addCategoria(value, c));

  function onFilterKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = options.find((c) => !value.includes(c));
    if (first) {
      onChange(addCategoria(value, first));
      setFilter('');
    }
  }

  return (
    <div
      role="group"
      aria-labelledby={`${filterInputId}-title`}
      aria-describedby={error ? errorId(filterInputId) : undefined}
    >
      <p id={`${filterInputId}-title`} className="mb-1.5 text-sm font-semibold text-ink-900">
        Categorías
        <RequiredMark />
      </p>
      <p className="mb-2 text-xs text-ink-600">Elegí una o más. La primera es la categoría principal.</p>

      {value.length > 0 ? (
        <ul className="mb-3 flex flex-wrap gap-2" aria-label="Categorías elegidas">
          {value.map((c, i) => (
            <li
              key={c}
              className={`inline-flex items-center gap-1 rounded-full py-1 pl-3 pr-1 text-sm font-semibold ring-1 ${i === 0 ? 'bg-brand-600 text-white ring-brand-600' : 'bg-brand-50 text-brand-800 ring-brand-200'}`}
            >
              {i === 0 && <Star className="size-3.5 fill-current" aria-hidden="true" />}
              {c}
              {i === 0 && <span className="sr-only"> (principal)</span>}
              <button
                type="button"
                onClick={() => onChange(removeCategoria(value, c))}
                aria-label={`Quitar ${c}`}
                className={`ml-0.5 inline-flex size-7 items-center justify-center rounded-full ${i === 0 ? 'hover:bg-brand-700' : 'hover:bg-brand-100'}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-ink-500">Todavía no elegiste ninguna categoría.</p>
      )}

      <label htmlFor={filterInputId} className="sr-only">
        Buscar categoría
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <input
          id={filterInputId}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={onFilterKey}
          placeholder="Buscar categoría…"
          aria-controls={listId}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          className={`${inputClass} pl-9`}
        />
      </div>
      <div
        id={listId}
        role="group"
        aria-label="Opciones de categoría"
        className="scrollbar-thin mt-2 flex max-h-52 flex-wrap content-start gap-2 overflow-y-auto rounded-xl bg-sand-50 p-2 ring-1 ring-sand-200"
      >
        {options.map((c) => {
          const on = value.includes(c);
          return (
            <button
              key={c}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(c)}
              className={`inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-medium ring-1 transition-colors ${on ? 'bg-brand-100 text-brand-900 ring-brand-300' : 'bg-white text-ink-700 ring-sand-300 hover:ring-brand-300'}`}
            >
              {on && <Check className="size-3.5" aria-hidden="true" />}
              {c}
            </button>
          );
        })}
        {options.length === 0 && (
          <p className="px-2 py-1.5 text-sm text-ink-600">Ninguna categoría coincide con «{filter}».</p>
        )}
      </div>

      <FieldError id={filterInputId} error={error} />
    </div>
  );
}
