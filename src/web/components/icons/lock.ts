import { spriteIcon } from './sprite-icon';

export const Lock = spriteIcon('lock');
