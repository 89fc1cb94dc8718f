import { spriteIcon } from './sprite-icon';

export const Wrench = spriteIcon('wrench');
