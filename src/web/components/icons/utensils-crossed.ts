import { spriteIcon } from './sprite-icon';

export const UtensilsCrossed = spriteIcon('utensils-crossed');
