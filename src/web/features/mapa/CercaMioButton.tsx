import { LoaderCircle, LocateFixed } from '#web/components/icons';
import { btnSecondary } from '#web/components/buttons';
import { useIsClient } from '#web/lib/hooks';
import type { CercaMioState } from './useCercaMio';

/** A toggle: pressed, the grid is sorted by distance from the visitor, and it looks pressed as a chosen chip does. */
export function CercaMioButton({ state, onToggle }: { state: CercaMioState; onToggle: () => void }) {
  const pressed = state.status === 'on' || state.status === 'locating';
  // Location needs the page's JavaScript: until it runs (or without it) the button says it cannot act yet.
  const ready = useIsClient();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={!ready}
      onClick={onToggle}
      className={`${btnSecondary} pressed-look py-2`}
    >
      {state.status === 'locating' ? (
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <LocateFixed className="size-4" aria-hidden="true" />
      )}
      Cerca mío
    </button>
  );
}
