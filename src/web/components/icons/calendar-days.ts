import { spriteIcon } from './sprite-icon';

export const CalendarDays = spriteIcon('calendar-days');
