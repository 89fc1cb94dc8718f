import { spriteIcon } from './sprite-icon';

export const Zap = spriteIcon('zap');
