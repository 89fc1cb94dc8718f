import { spriteIcon } from './sprite-icon';

export const Beef = spriteIcon('beef');
