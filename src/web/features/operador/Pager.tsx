import { btnSecondary } from '#web/components/buttons';

/** Previous/next for a console list (50 rows a page). */
export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage(page: number): void }) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label="Páginas" className="flex items-center justify-between gap-2">
      <button type="button" className={btnSecondary} disabled={page === 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span className="text-sm text-ink-600">Página {page}</span>
      <button type="button" className={btnSecondary} disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}

export const inputClass =
  'block min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base text-ink-900 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200';
export const card = 'rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70';
