import { spriteIcon } from './sprite-icon';

export const ArrowLeft = spriteIcon('arrow-left');
