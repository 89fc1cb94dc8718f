import { spriteIcon } from './sprite-icon';

export const Plus = spriteIcon('plus');
