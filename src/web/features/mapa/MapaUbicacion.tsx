import { lazy, Suspense } from 'react';
import type { LatLng } from '#shared/rules/geo';
import { useIsClient } from '#web/lib/hooks';

const PinMap = lazy(() => import('./PinMap'));

/** A small map with the business's pin; Leaflet and its styles load only when this is shown (in a browser). */
export function MapaUbicacion({ point, nombre }: { point: LatLng; nombre: string }) {
  const isClient = useIsClient();
  return (
    <section
      aria-label={`Mapa con la ubicación de ${nombre}`}
      className="relative isolate h-48 overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200"
    >
      {isClient && (
        <Suspense fallback={null}>
          <PinMap point={point} />
        </Suspense>
      )}
    </section>
  );
}
