import { LoadingAnnouncement, Skeleton } from '#web/components/Skeleton';
import { sectionClass } from '#web/components/form/Fields';

/** The edit form's outline while the business loads. */
export function EditarSkeleton() {
  return (
    <div className="mx-auto max-w-3xl">
      <LoadingAnnouncement text="Cargando el comercio…" />
      <div className="mb-5 mt-12 flex items-center gap-3" aria-hidden="true">
        <Skeleton className="size-12 rounded-2xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${sectionClass} mb-5 space-y-4`} aria-hidden="true">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-11 w-full rounded-xl" />
          <Skeleton className="h-11 w-full rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ))}
    </div>
  );
}
