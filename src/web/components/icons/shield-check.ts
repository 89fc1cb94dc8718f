import { spriteIcon } from './sprite-icon';

export const ShieldCheck = spriteIcon('shield-check');
