import { spriteIcon } from './sprite-icon';

export const MessageSquare = spriteIcon('message-square');
