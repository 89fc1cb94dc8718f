import { spriteIcon } from './sprite-icon';

export const PenLine = spriteIcon('pen-line');
