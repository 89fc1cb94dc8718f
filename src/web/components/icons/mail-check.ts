import { spriteIcon } from './sprite-icon';

export const MailCheck = spriteIcon('mail-check');
