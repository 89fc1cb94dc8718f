import { spriteIcon } from './sprite-icon';

export const Pencil = spriteIcon('pencil');
