import { spriteIcon } from './sprite-icon';

export const CookingPot = spriteIcon('cooking-pot');
