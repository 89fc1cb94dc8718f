import { spriteIcon } from './sprite-icon';

export const Pizza = spriteIcon('pizza');
