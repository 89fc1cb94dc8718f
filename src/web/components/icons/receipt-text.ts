import { spriteIcon } from './sprite-icon';

export const ReceiptText = spriteIcon('receipt-text');
