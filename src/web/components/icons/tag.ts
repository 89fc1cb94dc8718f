import { spriteIcon } from './sprite-icon';

export const Tag = spriteIcon('tag');
