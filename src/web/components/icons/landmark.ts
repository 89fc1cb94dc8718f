import { spriteIcon } from './sprite-icon';

export const Landmark = spriteIcon('landmark');
