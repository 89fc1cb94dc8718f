import { Star } from './icons';
import { formatRating } from '#web/lib/format';

/**
 * "★ 4,5 (12)" with a spoken label; a business without opinions reads "Nuevo". `count` is the number of visible
 * opinions (absent only on the offline fallback's sample cards, which show the stars alone).
 */
export function Rating({ rating, count, className = '' }: { rating: number; count?: number; className?: string }) {
  const value = count === 0 ? null : formatRating(rating);
  if (!value) {
    return <span className={`text-xs font-semibold text-leaf-700 ${className}`}>Nuevo</span>;
  }
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-semibold text-ink-900 ${className}`}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="sr-only">Calificación: </span>
      {value}
      <span className="sr-only"> de 5</span>
      {count !== undefined && (
        <span className="font-normal text-ink-600">
          <span aria-hidden="true">({count})</span>
          <span className="sr-only">, {count === 1 ? '1 opinión' : `${count} opiniones`}</span>
        </span>
      )}
    </span>
  );
}
