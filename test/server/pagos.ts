import { encodeSandboxToken } from '#shared/sandbox-token';

/**
 * The body the payment modal posts to /api/payments/process_order (spec §7), paying with a sandbox card whose
 * cardholder name decides the outcome (APRO approves, FUND rejects, CONT stays pending…).
 */
export function sandboxOrderBody(comercioId: number, holder = 'APRO', amount = '450') {
  return {
    type: 'online',
    total_amount: amount,
    external_reference: `comercio_${comercioId}`,
    processing_mode: 'automatic',
    transactions: {
      payments: [
        {
          amount,
          payment_method: {
            id: 'visa',
            type: 'credit_card',
            token: encodeSandboxToken({ holder, last4: '3704' }),
            installments: 1,
          },
        },
      ],
    },
    payer: { email: 'test_user@testuser.com', identification: { type: 'DNI', number: '12345678' } },
  };
}

/** Polls until the check holds (notifications and reconciliation settle asynchronously). */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
