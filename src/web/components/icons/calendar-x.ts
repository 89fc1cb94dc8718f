import { spriteIcon } from './sprite-icon';

export const CalendarX = spriteIcon('calendar-x');
