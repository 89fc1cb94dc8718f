import { spriteIcon } from './sprite-icon';

export const Store = spriteIcon('store');
