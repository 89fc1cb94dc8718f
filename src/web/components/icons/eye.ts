import { spriteIcon } from './sprite-icon';

export const Eye = spriteIcon('eye');
