import { lazy, Suspense, useRef } from 'react';
import type { LatLng } from '#shared/rules/geo';
import { useNearViewport } from '#web/lib/hooks';

const PinMap = lazy(() => import('./PinMap'));

/**
 * A small map with the business's pin. Its box is sized from the first paint (no layout shift); Leaflet, its
 * styles and the tiles load only in a browser and only when the box comes near the screen, so a visitor who
 * never scrolls to it does not pay for them while the page's photo and script load.
 */
export function MapaUbicacion({ point, nombre }: { point: LatLng; nombre: string }) {
  const box = useRef<HTMLElement>(null);
  // False on the server and while hydrating (an effect sets it), so the hydrated markup matches the server's.
  const near = useNearViewport(box);
  return (
    <section
      ref={box}
      aria-label={`Mapa con la ubicación de ${nombre}`}
      className="relative isolate h-48 overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200"
    >
      {near && (
        <Suspense fallback={null}>
          <PinMap point={point} />
        </Suspense>
      )}
    </section>
  );
}
