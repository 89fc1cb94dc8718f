import { spriteIcon } from './sprite-icon';

export const Check = spriteIcon('check');
