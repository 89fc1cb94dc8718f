import { spriteIcon } from './sprite-icon';

export const CircleCheck = spriteIcon('circle-check');
