import { spriteIcon } from './sprite-icon';

export const CircleAlert = spriteIcon('circle-alert');
