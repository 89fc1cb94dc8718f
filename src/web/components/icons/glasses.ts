import { spriteIcon } from './sprite-icon';

export const Glasses = spriteIcon('glasses');
