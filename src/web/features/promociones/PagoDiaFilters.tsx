import { CalendarDays, ChevronDown, CreditCard, Landmark, Search, type IconComponent } from '#web/components/icons';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { DIAS } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { DIA_PARAMS } from '#shared/rules/dias-url';
import { MEDIO_PAGO_LABELS, MEDIOS_PAGO } from '#shared/rules/promocion-dias';
import { pagoDiaOf, type PagoDia } from './filters';

/**
 * Promociones' "Medio de pago" and "Día": two selects (one Tab stop each), a row each on a phone, where half a
 * 360 px row cut "Todos los medios de pago" and "Mercado Pago" short (found in a stranger's round), side by side
 * from `sm`; under them "Banco o tarjeta", a text applied when sent (Enter or its button). The server filters;
 * the URL keeps them.
 */
export function PagoDiaFilters({ pago, banco, dia, onChange }: PagoDia & { onChange(value: PagoDia): void }) {
  const pagoRef = useRef<HTMLSelectElement>(null);
  const diaRef = useRef<HTMLSelectElement>(null);
  // On a server-rendered page a visitor can pick before the JavaScript arrives: the selects show it but no
  // handler saw it. Adopt both at once when hydrated (two separate changes would each drop the other).
  useEffect(() => {
    const shown = pagoDiaOf({ pago: pagoRef.current?.value, dia: diaRef.current?.value });
    if (shown.pago !== pago || shown.dia !== dia) onChange({ ...shown, banco });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
  return (
    <div className="mt-3 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
      <FilterSelect
        label="Medio de pago"
        icon={CreditCard}
        selectRef={pagoRef}
        value={pago ?? ''}
        allLabel="Todos los medios de pago"
        options={MEDIOS_PAGO.map((m) => ({ value: m, label: MEDIO_PAGO_LABELS[m] }))}
        onChange={(value) => onChange({ pago: pagoDiaOf({ pago: value }).pago, banco, dia })}
      />
      <FilterSelect
        label="Día"
        icon={CalendarDays}
        selectRef={diaRef}
        value={dia ?? ''}
        allLabel="Todos los días"
        options={DIA_PARAMS.map((d, i) => ({ value: d, label: DIAS[i]! }))}
        onChange={(value) => onChange({ pago, banco, dia: pagoDiaOf({ dia: value }).dia })}
      />
      <BancoFilter
        // A new URL (back, another link) shows its own text, not what was typed before.
        key={banco ?? ''}
        banco={banco}
        onChange={(value) => onChange({ pago, banco: pagoDiaOf({ banco: value }).banco, dia })}
      />
    </div>
  );
}

/**
 * "Banco o tarjeta": the words a promotion's bank/card text must hold ("nación", "visa"). A search form of its
 * own (Enter or the button sends it; empty removes the filter), so typing does not ask the server at each key.
 */
function BancoFilter({ banco, onChange }: { banco: string | undefined; onChange(value: string): void }) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Filtrar por banco o tarjeta"
      className="relative min-w-0 sm:w-72"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('banco');
        onChange(typeof value === 'string' ? value : '');
      }}
    >
      <label htmlFor={id} className="sr-only">
        Banco o tarjeta
      </label>
      <Landmark
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-brand-600"
        aria-hidden="true"
      />
      <input
        id={id}
        name="banco"
        type="search"
        defaultValue={banco ?? ''}
        maxLength={LIMITS.promoMedioPagoOtro}
        placeholder="Banco o tarjeta (ej.: Nación)"
        enterKeyHint="search"
        autoComplete="off"
        className={`h-11 w-full rounded-full border bg-white py-0 pl-9 pr-12 text-sm font-semibold shadow-sm placeholder:font-normal placeholder:text-ink-500 ${
          banco ? 'border-brand-600 text-brand-800' : 'border-sand-300 text-ink-900'
        }`}
      />
      <button
        type="submit"
        aria-label="Filtrar por banco o tarjeta"
        className="absolute right-1 top-1/2 grid size-11 -translate-y-1/2 cursor-pointer place-items-center rounded-full text-ink-700 hover:text-brand-700"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}

function FilterSelect({
  label,
  icon: Icon,
  selectRef,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  icon: IconComponent;
  selectRef: RefObject<HTMLSelectElement | null>;
  value: string;
  allLabel: string;
  options: Array<{ value: string; label: string }>;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="relative min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-brand-600"
        aria-hidden="true"
      />
      <select
        id={id}
        ref={selectRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`h-11 w-full cursor-pointer appearance-none truncate rounded-full border bg-white py-0 pl-9 pr-8 text-sm font-semibold shadow-sm transition-colors hover:border-brand-300 sm:w-auto ${
          value ? 'border-brand-600 text-brand-800' : 'border-sand-300 text-ink-900'
        }`}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-ink-500"
        aria-hidden="true"
      />
    </div>
  );
}
