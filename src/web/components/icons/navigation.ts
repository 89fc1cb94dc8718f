import { spriteIcon } from './sprite-icon';

export const Navigation = spriteIcon('navigation');
