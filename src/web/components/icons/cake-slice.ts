import { spriteIcon } from './sprite-icon';

export const CakeSlice = spriteIcon('cake-slice');
