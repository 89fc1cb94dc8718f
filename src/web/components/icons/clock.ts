import { spriteIcon } from './sprite-icon';

export const Clock = spriteIcon('clock');
