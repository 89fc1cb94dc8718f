import { spriteIcon } from './sprite-icon';

export const Apple = spriteIcon('apple');
