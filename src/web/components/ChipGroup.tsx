import type { KeyboardEvent } from 'react';

interface ChipGroupProps {
  /** Accessible name of the group ("Categorías"). */
  label: string;
  /** Label of the "no filter" chip (Todos / Todas). */
  allLabel: string;
  options: readonly string[];
  /** '' is the "no filter" chip. */
  value: string;
  onChange(value: string): void;
  /** Still loading the options: show a few placeholder chips. */
  loading?: boolean;
  wrap?: boolean;
}

/** Arrows move the focus along the chips (wrapping), Home and End to the ends. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const chips = [...event.currentTarget.querySelectorAll('button')];
  const n = chips.length;
  const at = chips.indexOf(event.target as HTMLButtonElement);
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1 + n, ArrowUp: at - 1 + n, Home: 0, End: n - 1 }[
    event.key
  ];
  if (at < 0 || to === undefined) return;
  event.preventDefault();
  chips[to % n]!.focus();
}

/**
 * A row of toggle buttons filtering by category: exactly one is pressed; pressing the pressed one clears it.
 * The row is one stop of the Tab key (the pressed chip; arrows move along the row): with dozens of categories,
 * a chip per stop kept keyboard users from the results (the roving tabindex of the WAI-ARIA toolbar pattern).
 * Their look is one `chip` class (styles.css) styled by aria-pressed: the home page renders dozens of them, and
 * the utilities spelled out on each made a sizeable share of its HTML (ADR 030).
 */
export function ChipGroup({
  label,
  allLabel,
  options,
  value,
  onChange,
  loading = false,
  wrap = false,
}: ChipGroupProps) {
  // Keep the selected value visible even when the list (still loading, or changed) does not include it.
  const all = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={`flex gap-2 ${wrap ? 'flex-wrap' : 'chip-strip'}`}
      onKeyDown={moveFocus}
    >
      <button
        type="button"
        aria-pressed={value === ''}
        tabIndex={value === '' ? 0 : -1}
        className="chip"
        onClick={() => onChange('')}
      >
        {allLabel}
      </button>
      {all.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          tabIndex={value === option ? 0 : -1}
          className="chip"
          onClick={() => onChange(value === option ? '' : option)}
        >
          {option}
        </button>
      ))}
      {loading &&
        options.length === 0 &&
        [0, 1, 2, 3].map((i) => (
          <span key={i} className="skeleton h-9 w-24 shrink-0 rounded-full" aria-hidden="true" />
        ))}
    </div>
  );
}
