import { spriteIcon } from './sprite-icon';

export const Hammer = spriteIcon('hammer');
