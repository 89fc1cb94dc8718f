// The opiniones feature's public entry: all that other features may import (eslint.config.js checks it).
export { OpinionesRecibidas } from './OpinionesRecibidas';
export { OpinionesSection } from './OpinionesSection';
