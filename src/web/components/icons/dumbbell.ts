import { spriteIcon } from './sprite-icon';

export const Dumbbell = spriteIcon('dumbbell');
