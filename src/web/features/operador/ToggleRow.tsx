/**
 * One choice among a few, as a row of pressed/unpressed buttons: the console's state filters (denuncias, pedidos
 * de revisión) and the summary's period. Choosing one calls `onChange`; the caller resets its page.
 */
export function ToggleRow<T extends string | number>({
  label,
  options,
  value,
  labelOf,
  onChange,
  wrap = true,
}: {
  label: string;
  options: readonly T[];
  value: T;
  labelOf(option: T): string;
  onChange(option: T): void;
  wrap?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className={wrap ? 'flex flex-wrap gap-2' : 'flex gap-1'}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className="min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ring-sand-300 aria-pressed:bg-brand-600 aria-pressed:text-white"
        >
          {labelOf(option)}
        </button>
      ))}
    </div>
  );
}
