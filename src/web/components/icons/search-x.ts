import { spriteIcon } from './sprite-icon';

export const SearchX = spriteIcon('search-x');
