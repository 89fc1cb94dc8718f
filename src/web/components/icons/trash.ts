import { spriteIcon } from './sprite-icon';

export const Trash2 = spriteIcon('trash');
