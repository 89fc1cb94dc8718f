import { spriteIcon } from './sprite-icon';

export const TicketPercent = spriteIcon('ticket-percent');
