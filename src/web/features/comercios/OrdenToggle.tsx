import { Star } from '#web/components/icons';

/**
 * "Mejor valorados" (issue 29): the grid sorted by the server by rating, then number of opinions; in the URL
 * (`?orden=valorados`) with the other filters. Pressed again, back to the usual order.
 */
export function OrdenToggle({ valorados, onChange }: { valorados: boolean; onChange(valorados: boolean): void }) {
  return (
    <button
      type="button"
      aria-pressed={valorados}
      onClick={() => onChange(!valorados)}
      className={`inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold ring-1 ring-sand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${valorados ? 'bg-brand-700 text-white' : 'bg-white text-ink-700'}`}
    >
      <Star className="size-4" aria-hidden="true" />
      Mejor valorados
    </button>
  );
}
