import { LoadingAnnouncement } from '#web/components/Skeleton';

/** The map's place while its code or its pins are on the way. */
export function MapaPlaceholder() {
  return (
    <div className="h-[62vh] min-h-72 animate-pulse rounded-xl bg-sand-100 motion-reduce:animate-none" aria-busy="true">
      <LoadingAnnouncement text="Cargando el mapa…" />
    </div>
  );
}
