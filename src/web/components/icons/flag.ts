import { spriteIcon } from './sprite-icon';

export const Flag = spriteIcon('flag');
