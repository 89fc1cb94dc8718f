import { spriteIcon } from './sprite-icon';

export const Heart = spriteIcon('heart');
