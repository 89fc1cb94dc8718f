import { spriteIcon } from './sprite-icon';

export const Calculator = spriteIcon('calculator');
