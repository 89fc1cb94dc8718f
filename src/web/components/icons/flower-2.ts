import { spriteIcon } from './sprite-icon';

export const Flower2 = spriteIcon('flower-2');
