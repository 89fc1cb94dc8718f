import { spriteIcon } from './sprite-icon';

export const MapPin = spriteIcon('map-pin');
