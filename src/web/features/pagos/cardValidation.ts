import { z } from 'zod';

/** The sandbox card form's checks, done in the browser like Mercado Pago's Card Payment Brick does. */

export type CardBrand = 'visa' | 'master' | 'amex';

const cardFields = z.object({
  number: z.string(),
  holder: z.string(),
  expiry: z.string(),
  code: z.string(),
  dni: z.string(),
  email: z.string(),
});

export type CardFormValues = z.infer<typeof cardFields>;
export type CardField = keyof CardFormValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardFormValues = { number: '', holder: '', expiry: '', code: '', dni: '', email: '' };

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Mercado Pago's payment_method_id for the number's brand (4 Visa, 5 Mastercard, 34/37 American Express). */
export function detectBrand(number: string): CardBrand | null {
  const digits = digitsOf(number);
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  if (digits.startsWith('5')) return 'master';
  return null;
}

export const BRAND_LABELS: Record<CardBrand, string> = { visa: 'Visa', master: 'Mastercard', amex: 'American Express' };

/** "4509953566233704" → "4509 9535 6623 3704" (Amex: 4-6-5), as the person types. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  const groups = detectBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "113" → "11/3": the slash appears by itself. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** MM/AA that is a real month and not before the current one. */
export function expiryValid(value: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + (now.getMonth() + 1);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every problem of the form, by field, in the words the form shows. */
export function validateCard(values: CardFormValues, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(values.number);
  const brand = detectBrand(number);
  if (!number) errors.number = 'Ingresá el número de la tarjeta';
  else if (!brand || !luhnValid(number)) errors.number = 'Revisá el número de la tarjeta';
  if (!values.holder.trim()) errors.holder = 'Ingresá el nombre como figura en la tarjeta';
  if (!values.expiry.trim()) errors.expiry = 'Ingresá el vencimiento';
  else if (!expiryValid(values.expiry, now)) errors.expiry = 'Revisá el vencimiento (MM/AA)';
  const codeLength = brand === 'amex' ? 4 : 3;
  if (!values.code.trim()) errors.code = 'Ingresá el código de seguridad';
  else if (!new RegExp(`^\\d{${codeLength}}$`).test(values.code.trim()))
    errors.code = `El código tiene ${codeLength} dígitos`;
  const dni = values.dni.replace(/[.\s]/g, '');
  if (!dni) errors.dni = 'Ingresá el DNI del titular';
  else if (!/^\d{7,8}$/.test(dni)) errors.dni = 'El DNI tiene 7 u 8 números';
  if (!values.email.trim()) errors.email = 'Ingresá tu email';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Email inválido';
  return errors;
}

/** The form's schema (for react-hook-form's zodResolver): every problem validateCard finds, on its field. */
export const cardFormSchema = cardFields.superRefine((values, ctx) => {
  for (const [field, message] of Object.entries(validateCard(values, new Date())))
    ctx.addIssue({ code: 'custom', path: [field], message });
});
