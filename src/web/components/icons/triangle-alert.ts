import { spriteIcon } from './sprite-icon';

export const TriangleAlert = spriteIcon('triangle-alert');
