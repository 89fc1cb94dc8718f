import { AppLink } from '#web/components/AppLink';
import type { ListaFilters } from '#web/lib/routes';
import { listaIn } from './useListaFilters';

/**
 * "¿Quisiste decir …?" (issue 30): the server found little for the typed words and suggests them corrected; the
 * link is the same search with the suggestion, every other filter kept.
 */
export function QuisisteDecir({ sugerencia, filters }: { sugerencia: string; filters: ListaFilters }) {
  return (
    <p className="mb-4 text-base text-ink-700">
      ¿Quisiste decir{' '}
      <AppLink
        to={listaIn({ ...filters, q: sugerencia }, false)}
        className="font-bold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {sugerencia}
      </AppLink>
      ?
    </p>
  );
}
