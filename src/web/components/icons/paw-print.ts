import { spriteIcon } from './sprite-icon';

export const PawPrint = spriteIcon('paw-print');
