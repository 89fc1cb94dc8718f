import { spriteIcon } from './sprite-icon';

export const Search = spriteIcon('search');
