// The page's <meta> names only maps and the owner's form read (the payments one, which every page reads, is in
// constants.ts): apart, so they stay out of the first load (a module's exports travel together, ADR 023).

/** The page's <meta name> with the map tile URL template (MAP_TILE_URL), read when a map is shown. */
export const MAP_TILES_META = 'vidriera-map-tiles';
/** Present (content "1") when the server has a geocoder (GEOCODER_URL): the owner's form offers address search. */
export const GEOCODER_META = 'vidriera-geocoder';
