import { spriteIcon } from './sprite-icon';

export const Phone = spriteIcon('phone');
