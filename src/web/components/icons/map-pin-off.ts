import { spriteIcon } from './sprite-icon';

export const MapPinOff = spriteIcon('map-pin-off');
