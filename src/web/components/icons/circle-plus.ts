import { spriteIcon } from './sprite-icon';

export const CirclePlus = spriteIcon('circle-plus');
