import { spriteIcon } from './sprite-icon';

export const MessageSquareText = spriteIcon('message-square-text');
