import { spriteIcon } from './sprite-icon';

export const EyeOff = spriteIcon('eye-off');
