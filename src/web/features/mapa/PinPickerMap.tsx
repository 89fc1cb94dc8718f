import 'leaflet/dist/leaflet.css';
import { divIcon, map as leafletMap, marker as leafletMarker, tileLayer, type Map, type Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import type { LatLng } from '#shared/rules/geo';
import { TILE_ATTRIBUTION, tileUrl } from './tiles';

const PICK_ZOOM = 15;
/** A CSS dot: draggable markers need an icon, and an HTML one needs no image files. */
const PIN_ICON = divIcon({
  className: '',
  html: '<span class="block size-5 rounded-full border-[3px] border-white bg-brand-700 shadow-md"></span>',
  iconSize: [20, 20],
  iconAnchor: [10, 10],
});

export interface PinPickerMapProps {
  value: LatLng | null;
  /** Where the map looks while there is no pin (the chosen locality's centre). */
  center: LatLng;
  onChange(point: LatLng): void;
  /** Receives the map's current centre getter, for the keyboard-friendly "Marcar en el centro del mapa". */
  onReady(getCenter: () => LatLng): void;
}

/** Leaflet map where a tap places the pin and the pin can be dragged; loaded lazily by PinPicker. */
export default function PinPickerMap({ value, center, onChange, onReady }: PinPickerMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Map | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!element.current) return;
    const map = leafletMap(element.current, { scrollWheelZoom: false }).setView(
      [value?.lat ?? center.lat, value?.lng ?? center.lng],
      PICK_ZOOM,
    );
    map.attributionControl.setPrefix(false);
    tileLayer(tileUrl(), { maxZoom: 19, attribution: TILE_ATTRIBUTION }).addTo(map);
    map.on('click', (e) => onChangeRef.current({ lat: e.latlng.lat, lng: e.latlng.lng }));
    mapRef.current = map;
    onReady(() => {
      const c = map.getCenter();
      return { lat: c.lat, lng: c.lng };
    });
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is built once; value and center are followed below.
  }, []);

  // The pin follows the value: placed, moved or removed.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const m = leafletMarker([value.lat, value.lng], {
        icon: PIN_ICON,
        draggable: true,
        keyboard: false,
        alt: 'Ubicación del comercio',
      }).addTo(map);
      m.on('dragend', () => {
        const p = m.getLatLng();
        onChangeRef.current({ lat: p.lat, lng: p.lng });
      });
      markerRef.current = m;
    } else markerRef.current.setLatLng([value.lat, value.lng]);
    // A pin placed from an address search may land outside the view: bring it in.
    if (!map.getBounds().contains([value.lat, value.lng])) map.setView([value.lat, value.lng], PICK_ZOOM);
  }, [value]);

  // Without a pin, a new locality moves the map to its centre.
  useEffect(() => {
    if (!value) mapRef.current?.setView([center.lat, center.lng], PICK_ZOOM);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the locality's centre changes.
  }, [center.lat, center.lng]);

  return <div ref={element} className="h-full w-full" data-testid="pin-picker-map" />;
}
