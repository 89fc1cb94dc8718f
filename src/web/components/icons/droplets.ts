import { spriteIcon } from './sprite-icon';

export const Droplets = spriteIcon('droplets');
