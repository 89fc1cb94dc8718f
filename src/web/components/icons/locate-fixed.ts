import { spriteIcon } from './sprite-icon';

export const LocateFixed = spriteIcon('locate-fixed');
