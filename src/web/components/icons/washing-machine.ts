import { spriteIcon } from './sprite-icon';

export const WashingMachine = spriteIcon('washing-machine');
