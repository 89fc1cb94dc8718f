import { spriteIcon } from './sprite-icon';

export const Leaf = spriteIcon('leaf');
