import { List, MapIcon } from '#web/components/icons';

const BASE =
  'inline-flex items-center gap-1.5 px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** "Lista / Mapa": two pressed-state buttons, one group; the choice lives in the URL (`?vista=mapa`). */
export function VistaToggle({ mapa, onChange }: { mapa: boolean; onChange(mapa: boolean): void }) {
  return (
    <div
      role="group"
      aria-label="Ver resultados como"
      className="inline-flex overflow-hidden rounded-xl ring-1 ring-sand-300"
    >
      <button
        type="button"
        aria-pressed={!mapa}
        onClick={() => onChange(false)}
        className={`${BASE} ${mapa ? 'bg-white text-ink-700' : 'bg-brand-700 text-white'}`}
      >
        <List className="size-4" aria-hidden="true" />
        Lista
      </button>
      <button
        type="button"
        aria-pressed={mapa}
        onClick={() => onChange(true)}
        className={`${BASE} ${mapa ? 'bg-brand-700 text-white' : 'bg-white text-ink-700'}`}
      >
        <MapIcon className="size-4" aria-hidden="true" />
        Mapa
      </button>
    </div>
  );
}
