import { spriteIcon } from './sprite-icon';

export const Printer = spriteIcon('printer');
