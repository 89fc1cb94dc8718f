import { spriteIcon } from './sprite-icon';

export const Gem = spriteIcon('gem');
