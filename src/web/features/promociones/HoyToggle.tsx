import { CalendarCheck } from '#web/components/icons';
import { GetForm } from '#web/components/GetForm';
import { type View, viewToUrl } from '#web/lib/routes';

/**
 * "Hoy": only the promotions that apply today in Mendoza (the server decides which). `to` is the view with the
 * toggle flipped: before the page's JavaScript runs, pressing it loads that URL from the server.
 */
export function HoyToggle({ pressed, to, onChange }: { pressed: boolean; to: View; onChange(value: boolean): void }) {
  return (
    <GetForm url={viewToUrl(to) ?? '/'} onSubmit={() => onChange(!pressed)} className="contents">
      <button
        type="submit"
        aria-pressed={pressed}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 transition-colors ${
          pressed
            ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
            : 'bg-white text-ink-700 ring-sand-300 hover:bg-brand-50 hover:text-brand-800'
        }`}
      >
        <CalendarCheck className="size-4" aria-hidden="true" />
        Hoy
      </button>
    </GetForm>
  );
}
