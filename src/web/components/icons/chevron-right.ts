import { spriteIcon } from './sprite-icon';

export const ChevronRight = spriteIcon('chevron-right');
