import { spriteIcon } from './sprite-icon';

export const Candy = spriteIcon('candy');
