import { spriteIcon } from './sprite-icon';

export const Rocket = spriteIcon('rocket');
