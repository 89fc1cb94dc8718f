import { WifiOff } from './icons';
import { useOffline } from '#web/lib/online';

/** While the browser has no connection: say so once, at the top; reads resume by themselves when it returns. */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status" aria-live="polite">
      {offline && (
        <p className="flex items-center justify-center gap-2 bg-ink-900 px-4 py-2 text-center text-sm font-semibold text-white">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          Sin conexión. Lo que ya cargaste sigue a la vista; actualizamos apenas vuelva la conexión.
        </p>
      )}
    </div>
  );
}
