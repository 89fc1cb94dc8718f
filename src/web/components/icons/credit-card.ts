import { spriteIcon } from './sprite-icon';

export const CreditCard = spriteIcon('credit-card');
