import { spriteIcon } from './sprite-icon';

export const Hourglass = spriteIcon('hourglass');
