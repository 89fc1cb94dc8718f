import { spriteIcon } from './sprite-icon';

export const IceCreamCone = spriteIcon('ice-cream-cone');
