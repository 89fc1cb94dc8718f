import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_FORM_ERROR, type ProcessOrderBody } from '#shared/pagos';
import { formatMoney } from '#shared/rules/money';
import { btnPrimary } from '#web/components/buttons';
import { FormError, FormField } from '#web/features/auth';
import {
  BRAND_LABELS,
  detectBrand,
  EMPTY_CARD,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardErrors,
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
export function SandboxCardForm({ amount, comercioId, payerEmail, rejection, onPay }: SandboxCardFormProps) {
  const [values, setValues] = useState<CardFormValues>(() => ({ ...EMPTY_CARD, email: payerEmail }));
  const [errors, setErrors] = useState<CardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  // After a refusal the focus goes back to Pagar (it was disabled while paying): fix the card or just try again.
  useEffect(() => {
    if (rejection) payRef.current?.focus({ preventScroll: true });
  }, [rejection]);
  const brand = detectBrand(values.number);

  const field = (name: CardField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const format = FORMATTERS[name];
      const value = format ? format(event.target.value) : event.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
      setFormError(null);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(values, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(PAYMENT_FORM_ERROR);
      // Straight to the first field to fix, once the messages are on screen.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setPaying(true);
    try {
      await onPay(sandboxOrderBody(comercioId, amount, values));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Pago con tarjeta">
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
            <FormField
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
          <FormField
            label="Nombre del titular"
            autoComplete="cc-name"
            placeholder="Como figura en la tarjeta"
            {...field('holder')}
          />
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label="Vencimiento (MM/AA)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              {...field('expiry')}
            />
            <FormField
              label="Código de seguridad"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={brand === 'amex' ? '1234' : '123'}
              {...field('code')}
            />
          </div>
          <FormField label="DNI del titular" inputMode="numeric" placeholder="12345678" {...field('dni')} />
          <FormField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
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
