import { Skeleton } from '#web/components/Skeleton';

export function PromoCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-card bg-white shadow-card" aria-hidden="true">
      <Skeleton className="aspect-[16/10] w-full rounded-none" />
      <div className="space-y-3 p-4">
        <div className="flex items-center gap-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-3.5 w-1/2" />
        </div>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-1/2" />
        <Skeleton className="h-10 w-full rounded-full" />
      </div>
    </div>
  );
}
