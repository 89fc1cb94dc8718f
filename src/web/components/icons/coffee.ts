import { spriteIcon } from './sprite-icon';

export const Coffee = spriteIcon('coffee');
