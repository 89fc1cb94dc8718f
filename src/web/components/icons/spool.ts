import { spriteIcon } from './sprite-icon';

export const Spool = spriteIcon('spool');
