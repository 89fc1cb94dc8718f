import { spriteIcon } from './sprite-icon';

export const UserRound = spriteIcon('user-round');
