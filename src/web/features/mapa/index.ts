// The mapa feature's public entry: all that other features may import (eslint.config.js checks it).
export { CercaMioButton } from './CercaMioButton';
export { MapaResultados } from './MapaResultados';
export { MapaUbicacion } from './MapaUbicacion';
export { PinPicker } from './PinPicker';
export { useCercaMio } from './useCercaMio';
