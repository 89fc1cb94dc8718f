import { spriteIcon } from './sprite-icon';

export const Info = spriteIcon('info');
