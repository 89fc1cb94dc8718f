// The comercios feature's public entry: all that other features may import (eslint.config.js checks it).
export { useComercioCategorias } from './api';
export { ComercioCard } from './ComercioCard';
