import { spriteIcon } from './sprite-icon';

export const Settings = spriteIcon('settings');
