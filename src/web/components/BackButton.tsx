import { ArrowLeft } from './icons';
import { useNavigation } from '#web/lib/navigation';
import type { View } from '#web/lib/routes';

/**
 * "Volver": the browser's back when it leads to `to` (keeping its filters), otherwise a link to it. With
 * `anyPrevious`, back to whatever screen of ours came before (scroll restored), `to` only when there is none.
 */
export function BackButton({
  to,
  label = 'Volver',
  anyPrevious = false,
}: {
  to: View;
  label?: string;
  anyPrevious?: boolean;
}) {
  const { goBack, goBackTo, hrefFor } = useNavigation();
  return (
    <a
      href={hrefFor(to)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (anyPrevious) goBack(to);
        else goBackTo(to);
      }}
      className="-ml-2 inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-ink-700 transition-colors hover:bg-sand-200/80 hover:text-ink-900"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
