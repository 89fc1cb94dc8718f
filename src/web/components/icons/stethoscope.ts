import { spriteIcon } from './sprite-icon';

export const Stethoscope = spriteIcon('stethoscope');
