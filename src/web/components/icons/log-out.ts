import { spriteIcon } from './sprite-icon';

export const LogOut = spriteIcon('log-out');
