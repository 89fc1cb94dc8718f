import { describe, expect, it } from 'vitest';
import { processOrderSchema } from '#shared/schemas/pagos';
import { SANDBOX_TOKEN_PREFIX } from '#shared/sandbox-token';
import { brickOrderBody, sandboxOrderBody } from './orderBody';

const CARD = {
  number: '4509 9535 6623 3704',
  holder: ' APRO ',
  expiry: '11/30',
  code: '123',
  dni: '12.345.678',
  email: ' test_user@testuser.com ',
};

function decodeToken(token: string): unknown {
  const b64 = token.slice(SANDBOX_TOKEN_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
}

describe('process_order body', () => {
  it('builds the spec body from the sandbox form, with only a token for the card', () => {
    const body = sandboxOrderBody(42, 450, CARD);
    expect(body).toEqual({
      type: 'online',
      total_amount: '450',
      external_reference: 'comercio_42',
      processing_mode: 'automatic',
      transactions: {
        payments: [
          {
            amount: '450',
            payment_method: { id: 'visa', type: 'credit_card', token: expect.any(String), installments: 1 },
          },
        ],
      },
      payer: { email: 'test_user@testuser.com', identification: { type: 'DNI', number: '12345678' } },
    });
    expect(processOrderSchema.safeParse(body).success).toBe(true);
    const token = body.transactions.payments[0]!.payment_method.token;
    expect(decodeToken(token)).toEqual({ holder: 'APRO', last4: '3704' });
    const sent = JSON.stringify(body);
    expect(sent).not.toContain('4509');
    expect(sent).not.toContain('9535');
    expect(sent).not.toContain('11/30');
    expect(sent).not.toMatch(/"123"/);
  });

  it('names the brand Mercado Pago expects', () => {
    expect(
      sandboxOrderBody(1, 450, { ...CARD, number: '5031 7557 3453 0604' }).transactions.payments[0]!.payment_method.id,
    ).toBe('master');
    expect(
      sandboxOrderBody(1, 450, { ...CARD, number: '3711 803032 57522' }).transactions.payments[0]!.payment_method.id,
    ).toBe('amex');
  });

  it("maps the Card Payment Brick's formData like Mercado Pago's Orders example", () => {
    const body = brickOrderBody(
      7,
      {
        token: 'tok_1',
        payment_method_id: 'debvisa',
        transaction_amount: 450,
        installments: 1,
        payer: { email: 'a@testuser.com', identification: { type: 'DNI', number: '30111222' } },
      },
      { paymentTypeId: 'debit_card', lastFourDigits: '5619' },
    );
    expect(body.total_amount).toBe('450');
    expect(body.external_reference).toBe('comercio_7');
    expect(body.transactions.payments[0]).toEqual({
      amount: '450',
      payment_method: { id: 'debvisa', type: 'debit_card', token: 'tok_1', installments: 1 },
    });
    expect(body.payer).toEqual({ email: 'a@testuser.com', identification: { type: 'DNI', number: '30111222' } });
    expect(processOrderSchema.safeParse(body).success).toBe(true);
    const credit = brickOrderBody(7, {
      token: 't',
      payment_method_id: 'visa',
      transaction_amount: 450,
      installments: 3,
      payer: {},
    });
    expect(credit.transactions.payments[0]!.payment_method.type).toBe('credit_card');
  });
});
