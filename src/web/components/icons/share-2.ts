import { spriteIcon } from './sprite-icon';

export const Share2 = spriteIcon('share-2');
