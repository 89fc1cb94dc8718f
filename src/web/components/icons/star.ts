import { spriteIcon } from './sprite-icon';

export const Star = spriteIcon('star');
