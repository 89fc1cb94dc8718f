import { spriteIcon } from './sprite-icon';

export const Carrot = spriteIcon('carrot');
