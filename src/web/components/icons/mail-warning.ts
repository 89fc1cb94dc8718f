import { spriteIcon } from './sprite-icon';

export const MailWarning = spriteIcon('mail-warning');
