import { spriteIcon } from './sprite-icon';

export const CircleDashed = spriteIcon('circle-dashed');
