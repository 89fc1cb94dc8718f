// The denuncias feature's public entry: all that other features may import (eslint.config.js checks it).
export { DenunciarButton } from './DenunciarButton';
