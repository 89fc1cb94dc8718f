import { spriteIcon } from './sprite-icon';

export const X = spriteIcon('x');
