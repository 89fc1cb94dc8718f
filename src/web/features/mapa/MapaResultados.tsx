import { lazy, Suspense } from 'react';
import type { ComercioPin } from '#shared/api';
import type { LatLng } from '#shared/rules/geo';
import { useNavigation } from '#web/lib/navigation';

const ResultsMap = lazy(() => import('./ResultsMap'));

export const MAPA_SIN_UBICACION = 'En el mapa aparecen solo los comercios que marcaron su ubicación.';
export const MAPA_RECORTADO =
  'Hay demasiados comercios para un solo mapa: mostramos los primeros. Elegí una categoría o una localidad para ver el resto.';

/**
 * The current results on a map, grouped into clusters where they crowd. Leaflet, the clustering and their
 * styles load only when this is shown. Each marker is a keyboard button that opens a popup with the
 * business's name, category and a link to its page; the list view is the alternative without a map.
 */
export function MapaResultados({
  pins,
  near,
  truncated,
}: {
  pins: ComercioPin[];
  near?: LatLng | undefined;
  truncated: boolean;
}) {
  const { navigate, hrefFor } = useNavigation();
  const linkTo = (id: number) => ({
    href: hrefFor({ name: 'detalle', id }),
    open: () => navigate({ name: 'detalle', id }),
  });
  return (
    <div className="space-y-2">
      <section
        aria-label={`Mapa de resultados: ${pins.length === 1 ? '1 comercio' : `${pins.length} comercios`}`}
        className="relative isolate h-[62vh] min-h-72 overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200"
      >
        <Suspense fallback={null}>
          <ResultsMap pins={pins} near={near} linkTo={linkTo} />
        </Suspense>
      </section>
      <p className="text-sm text-ink-600">{truncated ? MAPA_RECORTADO : MAPA_SIN_UBICACION}</p>
    </div>
  );
}
