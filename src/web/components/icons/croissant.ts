import { spriteIcon } from './sprite-icon';

export const Croissant = spriteIcon('croissant');
