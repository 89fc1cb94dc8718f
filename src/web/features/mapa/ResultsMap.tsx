import 'leaflet/dist/leaflet.css';
import {
  circleMarker,
  divIcon,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  marker as leafletMarker,
  popup,
  tileLayer,
  type LeafletKeyboardEvent,
  type Map,
  type Marker,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import type { ComercioPin } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { LOCALIDAD_CENTROS, type LatLng } from '#shared/rules/geo';
import { TILE_ATTRIBUTION, tileUrl } from './tiles';

/** Pins closer than this many pixels join a cluster; from this zoom on every pin stands alone. */
const CLUSTER_RADIUS_PX = 50;
const CLUSTER_MAX_ZOOM = 16;
const FIT_MAX_ZOOM = 16;

const PIN_ICON = divIcon({
  className: '',
  html: '<span class="block size-5 rounded-full border-[3px] border-white bg-brand-700 shadow-md"></span>',
  iconSize: [20, 20],
  iconAnchor: [10, 10],
});

function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  return divIcon({
    className: '',
    html: `<span class="flex size-full items-center justify-center rounded-full border-[3px] border-white bg-brand-700 text-sm font-bold text-white shadow-md">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * A tap, a click, or Enter/Space on the focused marker (Leaflet makes it a focusable role="button" but turns
 * only Enter into a bound popup, never into a click).
 */
function onActivate(m: Marker, action: () => void) {
  m.on('click', action);
  m.on('keypress', (e: LeafletKeyboardEvent) => {
    if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
    e.originalEvent.preventDefault();
    action();
  });
}

export interface ResultsMapProps {
  pins: ComercioPin[];
  near?: LatLng | undefined;
  linkTo(id: number): { href: string; open(): void };
}

type PinProps = { pin: ComercioPin };

/** The popup: built as DOM (never HTML from the owner's text), its link switches views in place on a plain click. */
function popupContent(pin: ComercioPin, link: { href: string; open(): void }): HTMLElement {
  const box = document.createElement('div');
  box.className = 'space-y-1 text-sm';
  const name = document.createElement('p');
  name.className = 'm-0 font-bold text-ink-900';
  name.textContent = pin.nombre;
  const category = document.createElement('p');
  category.className = 'm-0 text-ink-600';
  category.textContent = splitCategorias(pin.categoria)[0] ?? '';
  const a = document.createElement('a');
  a.href = link.href;
  // "!": Leaflet's stylesheet colours every link in the map its own blue (.leaflet-container a), more specific.
  a.className =
    'mt-1.5 inline-flex min-h-9 items-center rounded-full bg-brand-600 px-3.5 text-sm font-semibold text-white! no-underline hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
  a.textContent = 'Ver comercio';
  a.setAttribute('aria-label', `Ver comercio ${pin.nombre}`);
  a.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    link.open();
  });
  box.append(name, category, a);
  return box;
}

/**
 * Leaflet with the results as clustered markers (supercluster): the clusters are recomputed for the visible
 * area at each zoom, a cluster zooms in to split when tapped, a pin opens its popup. Loaded lazily by
 * MapaResultados, so neither library weighs on the first page load.
 */
export default function ResultsMap({ pins, near, linkTo }: ResultsMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Map | null>(null);
  const linkRef = useRef(linkTo);
  linkRef.current = linkTo;

  useEffect(() => {
    if (!element.current) return;
    const start = LOCALIDAD_CENTROS.Capital;
    const map = leafletMap(element.current, { scrollWheelZoom: false }).setView([start.lat, start.lng], 12);
    map.attributionControl.setPrefix(false);
    tileLayer(tileUrl(), { maxZoom: 19, attribution: TILE_ATTRIBUTION }).addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const index = new Supercluster<PinProps>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
    index.load(
      pins.map((pin) => ({
        type: 'Feature',
        properties: { pin },
        geometry: { type: 'Point', coordinates: [pin.lng, pin.lat] },
      })),
    );
    const markers = layerGroup().addTo(map);
    const details = popup({ autoPanPadding: [24, 24], offset: [0, -6] });
    // The popup's link gets the focus, so a keyboard user goes on from the marker to the page.
    details.on('add', () => {
      const element = details.getElement();
      element?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', 'Cerrar');
      element
        ?.querySelector<HTMLAnchorElement>('a[href]:not(.leaflet-popup-close-button)')
        ?.focus({ preventScroll: true });
    });
    const visitor = near
      ? circleMarker([near.lat, near.lng], {
          radius: 8,
          color: '#ffffff',
          weight: 3,
          fillColor: '#2563eb',
          fillOpacity: 1,
          interactive: false,
        }).addTo(map)
      : null;

    const draw = () => {
      markers.clearLayers();
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      for (const feature of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        if ('cluster' in feature.properties && feature.properties.cluster) {
          const { cluster_id: clusterId, point_count: count } = feature.properties;
          const m = leafletMarker([lat, lng], {
            icon: clusterIcon(count),
            title: `${count} comercios en esta zona: acercá el mapa`,
          });
          onActivate(m, () =>
            map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), map.getMaxZoom())),
          );
          m.addTo(markers);
          m.getElement()?.setAttribute('aria-label', `${count} comercios en esta zona. Acercar el mapa`);
          continue;
        }
        const { pin } = feature.properties as PinProps;
        const m = leafletMarker([lat, lng], { icon: PIN_ICON, title: pin.nombre });
        // The map's own popup, not the marker's: markers are redrawn on every move (the popup's auto-pan is
        // one), which would close a popup bound to them.
        onActivate(m, () =>
          details
            .setLatLng([lat, lng])
            .setContent(popupContent(pin, linkRef.current(pin.id)))
            .openOn(map),
        );
        m.addTo(markers);
        m.getElement()?.setAttribute('aria-label', `${pin.nombre}: ver nombre, rubro y enlace`);
      }
    };

    if (pins.length) {
      const bounds = latLngBounds(pins.map((p) => [p.lat, p.lng] as [number, number]));
      if (near) bounds.extend([near.lat, near.lng]);
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: FIT_MAX_ZOOM, animate: false });
    } else if (near) map.setView([near.lat, near.lng], 14, { animate: false });
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      markers.remove();
      details.remove();
      visitor?.remove();
    };
  }, [pins, near]);

  // No role here: Leaflet makes the container focusable (keyboard panning) and puts its controls inside.
  return <div ref={element} className="h-full w-full" data-testid="mapa-resultados" />;
}
