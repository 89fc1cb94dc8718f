import { spriteIcon } from './sprite-icon';

export const LogIn = spriteIcon('log-in');
