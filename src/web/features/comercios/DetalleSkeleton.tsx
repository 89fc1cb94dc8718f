import { LoadingAnnouncement, Skeleton } from '#web/components/Skeleton';

export function DetalleSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingAnnouncement text="Cargando comercio…" />
      <Skeleton className="h-9 w-24 rounded-full" />
      <div className="detalle-grid">
        <div className="space-y-5">
          <Skeleton className="aspect-[4/3] w-full rounded-card sm:aspect-[16/10] lg:aspect-[16/9]" />
          <Skeleton className="h-6 w-28 rounded-full" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="col-span-2 h-11 rounded-full" />
            <Skeleton className="h-11 rounded-full" />
            <Skeleton className="h-11 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
        <Skeleton className="h-80 rounded-card" />
      </div>
    </div>
  );
}
