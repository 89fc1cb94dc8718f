import { spriteIcon } from './sprite-icon';

export const WifiOff = spriteIcon('wifi-off');
