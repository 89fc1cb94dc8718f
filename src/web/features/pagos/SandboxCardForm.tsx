import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, FlaskConical, Lock } from '#web/components/icons';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '#shared/limites';
import { PAYMENT_FORM_ERROR, type ProcessOrderBody } from '#shared/pagos';
import { formatMoney } from '#shared/rules/money';
import { btnPrimary } from '#web/components/buttons';
import { FormError, TextField } from '#web/components/form/Fields';
import {
  BRAND_LABELS,
  cardFormSchema,
  detectBrand,
  EMPTY_CARD,
  formatCardNumber,
  formatExpiry,
  type CardField,
  type CardFormValues,
} from './cardValidation';
import { sandboxOrderBody } from './orderBody';

interface SandboxCardFormProps {
  amount: number;
  comercioId: number;
  /** The account's email, pre-filled as the payer's (editable). */
  payerEmail: string;
  /** The last attempt's refusal (rejected card, no connection): shown by the Pagar button, the card stays typed. */
  rejection: string | null;
  onPay(body: ProcessOrderBody): Promise<void>;
  /** A field was edited: the last refusal belongs to the card as it was, and goes (as a field's message does). */
  onEdit?(): void;
}

const FORMATTERS: Partial<Record<CardField, (value: string) => string>> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  code: (v) => v.replace(/\D/g, '').slice(0, 4),
  dni: (v) => v.replace(/[^\d.]/g, '').slice(0, 10),
};

/**
 * The offline stand-in for Mercado Pago's Card Payment Brick: same fields, checks done here, and only a
 * test "token" (holder name and last four digits) leaves the browser: never the number, expiry or code.
 */
export function SandboxCardForm({ amount, comercioId, payerEmail, rejection, onPay, onEdit }: SandboxCardFormProps) {
  const { register, handleSubmit, control, setValue, clearErrors, formState } = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { ...EMPTY_CARD, email: payerEmail },
    // A message goes away as soon as its field is touched again (and is checked again on Pagar).
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: paying } = formState;
  const [formError, setFormError] = useState<string | null>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  // After a refusal the focus goes back to Pagar (it was disabled while paying): fix the card or just try again.
  useEffect(() => {
    if (rejection) payRef.current?.focus({ preventScroll: true });
  }, [rejection]);
  const brand = detectBrand(useWatch({ control, name: 'number' }));

  /** Registered with the card's formatting applied as the person types; the field's message clears. */
  const field = (name: CardField) => ({
    error: errors[name]?.message,
    ...register(name, {
      onChange: (event: { target: { value: string } }) => {
        const format = FORMATTERS[name];
        if (format) setValue(name, format(event.target.value));
        clearErrors(name);
        setFormError(null);
        onEdit?.();
      },
    }),
  });

  // Invalid: every message is shown and react-hook-form focuses the first field to fix.
  const submit = handleSubmit(
    (values) => onPay(sandboxOrderBody(comercioId, amount, values)),
    () => setFormError(PAYMENT_FORM_ERROR),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4" aria-label="Pago con tarjeta">
      <div className="flex gap-2.5 rounded-xl bg-sand-100 px-3.5 py-3 text-xs text-ink-700">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <p>
          <strong className="font-semibold text-ink-900">Modo de prueba.</strong> Usá una tarjeta de prueba (por ejemplo
          4509 9535 6623 3704, 11/30, código 123). El nombre del titular decide el resultado: <b>APRO</b> aprueba,{' '}
          <b>FUND</b> fondos insuficientes, <b>CONT</b> pendiente, <b>OTHE</b> rechazado.
        </p>
      </div>
      <div className="rounded-2xl p-4 ring-1 ring-sand-300">
        <p className="mb-3 flex items-center gap-2 text-sm font-bold text-ink-900">
          <CreditCard className="size-4 text-brand-600" aria-hidden="true" />
          Tarjeta de crédito o débito
        </p>
        <div className="space-y-3">
          <div className="relative">
            <TextField
              label="Número de tarjeta"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              {...field('number')}
            />
            {brand && (
              <span
                className="pointer-events-none absolute right-3 top-[2.45rem] rounded-md bg-sand-100 px-2 py-0.5 text-xs font-bold text-ink-700"
                aria-live="polite"
              >
                {BRAND_LABELS[brand]}
              </span>
            )}
          </div>
          <TextField
            label="Nombre del titular"
            autoComplete="cc-name"
            placeholder="Como figura en la tarjeta"
            {...field('holder')}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Vencimiento (MM/AA)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              {...field('expiry')}
            />
            <TextField
              label="Código de seguridad"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={brand === 'amex' ? '1234' : '123'}
              {...field('code')}
            />
          </div>
          <TextField label="DNI del titular" inputMode="numeric" placeholder="12345678" {...field('dni')} />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            placeholder="nombre@ejemplo.com"
            {...field('email')}
          />
        </div>
      </div>
      {/* Pinned to the bottom of the dialog: on a phone Pagar (and why the last try failed) is always on screen. */}
      <div className="sticky bottom-0 z-10 -mx-5 space-y-3 border-t border-sand-200 bg-white px-5 py-3 sm:-mx-6 sm:px-6">
        <FormError message={formError ?? (paying ? null : rejection)} />
        <button ref={payRef} type="submit" className={`${btnPrimary} w-full py-3 text-base`} disabled={paying}>
          {paying ? 'Procesando pago…' : 'Pagar'}
        </button>
      </div>
      <p className="flex items-center justify-center gap-1.5 text-xs text-ink-500">
        <Lock className="size-3.5" aria-hidden="true" />
        Pago único de {formatMoney(amount)} · 1 cuota
      </p>
    </form>
  );
}
