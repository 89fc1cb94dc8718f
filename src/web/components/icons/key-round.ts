import { spriteIcon } from './sprite-icon';

export const KeyRound = spriteIcon('key-round');
