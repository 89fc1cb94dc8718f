import { GetForm } from '#web/components/GetForm';
import { btnSecondary } from '#web/components/buttons';
import { type View, viewToUrl } from '#web/lib/routes';

/**
 * "Abierto ahora" (ADR 045): only businesses open now, as the server's clock says; in the URL (`?abierto=1`). `to`
 * is the view with the toggle flipped: before the page's JavaScript runs, pressing it loads that URL from the server.
 */
// No icon: the words say it, and an icon's drawing would be paid by every visit to home (ADR 045).
export function AbiertoToggle({ pressed, to, onChange }: { pressed: boolean; to: View; onChange(on: boolean): void }) {
  return (
    <GetForm url={viewToUrl(to) ?? '/'} onSubmit={() => onChange(!pressed)} className="contents">
      <button type="submit" aria-pressed={pressed} className={`${btnSecondary} pressed-look py-2`}>
        Abierto ahora
      </button>
    </GetForm>
  );
}
