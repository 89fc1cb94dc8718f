import { Star } from 'lucide-react';
import { formatRating } from '#web/lib/format';

/** "★ 4,5" with a spoken label; new businesses without ratings read "Nuevo". */
export function Rating({ rating, className = '' }: { rating: number; className?: string }) {
  const value = formatRating(rating);
  if (!value) {
    return <span className={`text-xs font-semibold text-leaf-700 ${className}`}>Nuevo</span>;
  }
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-semibold text-ink-900 ${className}`}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="sr-only">Calificación: </span>
      {value}
      <span className="sr-only"> de 5</span>
    </span>
  );
}
