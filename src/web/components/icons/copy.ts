import { spriteIcon } from './sprite-icon';

export const Copy = spriteIcon('copy');
