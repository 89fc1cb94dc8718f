import { spriteIcon } from './sprite-icon';

export const ShoppingBasket = spriteIcon('shopping-basket');
