// The mis-comercios feature's public entry: all that other features may import (eslint.config.js checks it).
export { misComerciosQueries } from './api';
export { announceSaved, highlightNext } from './highlight';
