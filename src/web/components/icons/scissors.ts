import { spriteIcon } from './sprite-icon';

export const Scissors = spriteIcon('scissors');
