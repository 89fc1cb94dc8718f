import { spriteIcon } from './sprite-icon';

export const Smile = spriteIcon('face-slightly-smiling');
