import { CalendarCheck } from 'lucide-react';

/** "Hoy": only the promotions that apply today in Mendoza (the server decides which). */
export function HoyToggle({ pressed, onChange }: { pressed: boolean; onChange(value: boolean): void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 transition-colors ${
        pressed
          ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
          : 'bg-white text-ink-700 ring-sand-300 hover:bg-brand-50 hover:text-brand-800'
      }`}
    >
      <CalendarCheck className="size-4" aria-hidden="true" />
      Hoy
    </button>
  );
}
