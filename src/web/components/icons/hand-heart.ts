import { spriteIcon } from './sprite-icon';

export const HandHeart = spriteIcon('hand-heart');
