import { spriteIcon } from './sprite-icon';

export const PartyPopper = spriteIcon('party-popper');
