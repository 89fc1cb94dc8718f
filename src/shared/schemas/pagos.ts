import { z } from 'zod';
import { safeText } from './text';

/** The body the payment modal posts to process_order (spec §7), built from the card form's data. */
export const processOrderSchema = z.object({
  type: z.literal('online', { error: 'El tipo de orden no es válido.' }),
  total_amount: safeText({ error: 'El monto del pago no es válido.' }),
  external_reference: z
    .string({ error: 'El comercio del pago no es válido.' })
    .regex(/^comercio_\d{1,10}$/, 'El comercio del pago no es válido.'),
  processing_mode: z.literal('automatic', { error: 'El modo de procesamiento no es válido.' }),
  transactions: z.object({
    payments: z
      .array(
        z.object({
          amount: safeText({ error: 'El monto del pago no es válido.' }),
          payment_method: z.object({
            id: z
              .string({ error: 'Medio de pago no válido.' })
              .trim()
              .min(1, 'Medio de pago no válido.')
              .max(40, 'Medio de pago no válido.')
              .regex(/^[a-z0-9_]+$/, 'Medio de pago no válido.'),
            type: z.enum(['credit_card', 'debit_card'], { error: 'Medio de pago no válido.' }),
            token: safeText({ error: 'Falta el token de la tarjeta.' })
              .min(1, 'Falta el token de la tarjeta.')
              .max(400, 'El token de la tarjeta no es válido.'),
            installments: z
              .number({ error: 'La cantidad de cuotas no es válida.' })
              .int('La cantidad de cuotas no es válida.')
              .min(1, 'La cantidad de cuotas no es válida.')
              .max(24, 'La cantidad de cuotas no es válida.'),
          }),
        }),
      )
      .length(1, 'El pago debe tener exactamente una transacción.'),
  }),
  payer: z.object({
    email: z.string().trim().pipe(z.email('Email inválido')),
    identification: z.object({
      type: z.enum(['DNI', 'CI', 'LC', 'LE', 'Otro'], { error: 'Tipo de documento no válido.' }),
      number: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z.-]{5,20}$/, 'Número de documento no válido.'),
    }),
  }),
});
export type ProcessOrderBody = z.infer<typeof processOrderSchema>;
