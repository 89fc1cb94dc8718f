import { spriteIcon } from './sprite-icon';

export const CalendarCheck = spriteIcon('calendar-check');
