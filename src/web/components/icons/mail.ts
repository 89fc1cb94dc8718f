import { spriteIcon } from './sprite-icon';

export const Mail = spriteIcon('mail');
