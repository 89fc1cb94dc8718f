import { spriteIcon } from './sprite-icon';

export const MessageCircle = spriteIcon('message-circle');
