import { spriteIcon } from './sprite-icon';

export const BookOpen = spriteIcon('book-open');
