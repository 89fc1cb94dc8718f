// The promociones feature's public entry: all that other features may import (eslint.config.js checks it).
export { FeaturedStrip } from './FeaturedStrip';
export { PromoCard } from './PromoCard';
