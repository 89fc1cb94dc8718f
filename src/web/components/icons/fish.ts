import { spriteIcon } from './sprite-icon';

export const Fish = spriteIcon('fish');
