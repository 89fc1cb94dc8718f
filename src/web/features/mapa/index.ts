// The mapa feature's public entry: all that other features may import (eslint.config.js checks it).
export { MapaUbicacion } from './MapaUbicacion';
export { PinPicker } from './PinPicker';
