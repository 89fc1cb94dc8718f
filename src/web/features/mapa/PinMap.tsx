import 'leaflet/dist/leaflet.css';
import { circleMarker, map as leafletMap, tileLayer } from 'leaflet';
import { useEffect, useRef } from 'react';
import type { LatLng } from '#shared/rules/geo';
import { TILE_ATTRIBUTION, tileUrl } from './tiles';

const DETAIL_ZOOM = 16;

/**
 * Leaflet with one pin (a vector circle: no marker images to bundle). Loaded only through MapaUbicacion's
 * lazy import, so Leaflet never weighs on the first page load.
 */
export default function PinMap({ point }: { point: LatLng }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const map = leafletMap(element.current, { scrollWheelZoom: false, attributionControl: true }).setView(
      [point.lat, point.lng],
      DETAIL_ZOOM,
    );
    map.attributionControl.setPrefix(false);
    tileLayer(tileUrl(), { maxZoom: 19, attribution: TILE_ATTRIBUTION }).addTo(map);
    circleMarker([point.lat, point.lng], {
      radius: 10,
      color: '#ffffff',
      weight: 3,
      fillColor: '#c2410c',
      fillOpacity: 1,
      interactive: false,
    }).addTo(map);
    return () => {
      map.remove();
    };
  }, [point.lat, point.lng]);
  // No role here: Leaflet makes the container focusable (keyboard panning) and puts its zoom buttons inside.
  return <div ref={element} className="h-full w-full" />;
}
