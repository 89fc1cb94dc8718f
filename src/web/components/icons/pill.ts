import { spriteIcon } from './sprite-icon';

export const Pill = spriteIcon('pill');
