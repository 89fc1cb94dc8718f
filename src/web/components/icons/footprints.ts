import { spriteIcon } from './sprite-icon';

export const Footprints = spriteIcon('footprints');
