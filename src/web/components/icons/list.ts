import { spriteIcon } from './sprite-icon';

export const List = spriteIcon('list');
