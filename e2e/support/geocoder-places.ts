/** The places the owner server's Nominatim double (./with-geocoder.ts) finds for an address with "Perú 1050". */
export const PERU_1050 = [
  { lat: -32.8849, lng: -68.8507, nombre: 'Perú 1050, Ciudad de Mendoza, Capital, Mendoza, M5500, Argentina' },
  { lat: -32.9268, lng: -68.8476, nombre: 'Perú 1050, Godoy Cruz, Mendoza, M5501, Argentina' },
];
