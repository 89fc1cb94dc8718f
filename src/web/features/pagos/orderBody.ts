import type { ProcessOrderBody } from '#shared/pagos';
import { encodeSandboxToken } from '#shared/sandbox-token';
import { detectBrand, digitsOf, type CardFormValues } from './cardValidation';

export type PaymentType = 'credit_card' | 'debit_card';

export interface OrderInput {
  comercioId: number;
  amount: number;
  paymentMethodId: string;
  paymentType: PaymentType;
  token: string;
  installments: number;
  email: string;
  identification: { type: string; number: string };
}

/** Spec §7: the body posted to process_order. Amounts travel as text; only the card token, never card data. */
export function buildOrderBody(input: OrderInput): ProcessOrderBody {
  const amount = String(input.amount);
  return {
    type: 'online',
    total_amount: amount,
    external_reference: `comercio_${input.comercioId}`,
    processing_mode: 'automatic',
    transactions: {
      payments: [
        {
          amount,
          payment_method: {
            id: input.paymentMethodId,
            type: input.paymentType,
            token: input.token,
            installments: input.installments,
          },
        },
      ],
    },
    payer: {
      email: input.email.trim(),
      identification: {
        type: input.identification.type as ProcessOrderBody['payer']['identification']['type'],
        number: input.identification.number,
      },
    },
  };
}

/** The sandbox form's order: its "token" carries the holder name and last four digits only. */
export function sandboxOrderBody(comercioId: number, amount: number, values: CardFormValues): ProcessOrderBody {
  const digits = digitsOf(values.number);
  return buildOrderBody({
    comercioId,
    amount,
    paymentMethodId: detectBrand(digits) ?? 'visa',
    paymentType: 'credit_card',
    token: encodeSandboxToken({ holder: values.holder.trim(), last4: digits.slice(-4) }),
    installments: 1,
    email: values.email,
    identification: { type: 'DNI', number: values.dni.replace(/[.\s]/g, '') },
  });
}

/** What Mercado Pago's Card Payment Brick hands to onSubmit. */
export interface BrickFormData {
  token: string;
  issuer_id?: string;
  payment_method_id: string;
  transaction_amount: number;
  installments: number;
  payer: { email?: string; identification?: { type?: string; number?: string } };
}

export interface BrickAdditionalData {
  bin?: string;
  lastFourDigits?: string;
  cardholderName?: string;
  paymentTypeId?: string;
}

/** Mercado Pago's own Orders example, mapped to our body. */
export function brickOrderBody(
  comercioId: number,
  formData: BrickFormData,
  additional?: BrickAdditionalData,
): ProcessOrderBody {
  const type: PaymentType = additional?.paymentTypeId === 'debit_card' ? 'debit_card' : 'credit_card';
  return buildOrderBody({
    comercioId,
    amount: formData.transaction_amount,
    paymentMethodId: formData.payment_method_id,
    paymentType: type,
    token: formData.token,
    installments: formData.installments,
    email: formData.payer.email ?? '',
    identification: {
      type: formData.payer.identification?.type ?? 'DNI',
      number: formData.payer.identification?.number ?? '',
    },
  });
}
