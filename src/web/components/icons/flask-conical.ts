import { spriteIcon } from './sprite-icon';

export const FlaskConical = spriteIcon('flask-conical');
