/**
 * The offline sandbox's card "token": what its card form would get from Mercado Pago's tokenizer. It carries
 * only what the simulator needs (the test cardholder name decides the outcome, the last four digits are shown);
 * the card number, expiry and security code never leave the browser.
 */
export interface SandboxTokenData {
  holder: string;
  last4: string;
}

export const SANDBOX_TOKEN_PREFIX = 'sandbox-';

export function encodeSandboxToken(data: SandboxTokenData): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ holder: data.holder, last4: data.last4 }));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return SANDBOX_TOKEN_PREFIX + btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
