import { spriteIcon } from './sprite-icon';

export const Car = spriteIcon('car');
