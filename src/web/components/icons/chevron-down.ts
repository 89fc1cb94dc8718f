import { spriteIcon } from './sprite-icon';

export const ChevronDown = spriteIcon('chevron-down');
