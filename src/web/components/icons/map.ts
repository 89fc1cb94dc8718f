import { spriteIcon } from './sprite-icon';

export const MapIcon = spriteIcon('map');
