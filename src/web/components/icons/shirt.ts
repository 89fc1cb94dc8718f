import { spriteIcon } from './sprite-icon';

export const Shirt = spriteIcon('shirt');
