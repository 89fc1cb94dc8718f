import { spriteIcon } from './sprite-icon';

export const House = spriteIcon('house');
