import { spriteIcon } from './sprite-icon';

export const Menu = spriteIcon('menu');
