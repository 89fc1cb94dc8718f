import { spriteIcon } from './sprite-icon';

export const LoaderCircle = spriteIcon('loader-circle');
