import { spriteIcon } from './sprite-icon';

export const MessageSquarePlus = spriteIcon('message-square-plus');
