import { spriteIcon } from './sprite-icon';

export const Sparkles = spriteIcon('sparkles');
