import { MAP_TILES_META } from '#shared/page-meta';

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The server's MAP_TILE_URL (a <meta> in the page); OpenStreetMap's standard tiles when it is missing. */
export function tileUrl(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${MAP_TILES_META}"]`)?.content || OSM_TILES;
}

/** OpenStreetMap's tile policy asks for this credit, visible on the map. */
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
