import { spriteIcon } from './sprite-icon';

export const ImagePlus = spriteIcon('image-plus');
