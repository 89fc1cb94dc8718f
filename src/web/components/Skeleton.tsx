/** Placeholder shapes while data loads: same footprint as the real cards, so nothing jumps. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`skeleton rounded-lg ${className}`} aria-hidden="true" />;
}

export function CardSkeleton() {
  return (
    <div className="overflow-hidden rounded-card bg-white shadow-card" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-3.5 w-1/3" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-2/3" />
      </div>
    </div>
  );
}

/** A visually hidden status so screen readers hear that content is on its way. */
export function LoadingAnnouncement({ text = 'Cargando…' }: { text?: string }) {
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}
