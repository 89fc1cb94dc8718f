import { spriteIcon } from './sprite-icon';

export const Drumstick = spriteIcon('drumstick');
