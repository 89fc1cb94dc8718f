import { spriteIcon } from './sprite-icon';

export const Wine = spriteIcon('wine');
