import { useEffect, useId, useRef, useState } from 'react';
import { PAYMENT_FORM_ERROR, type ProcessOrderBody } from '#shared/pagos';
import { Spinner } from '#web/components/Spinner';
import { brickOrderBody, type BrickAdditionalData, type BrickFormData } from './orderBody';

/** Mercado Pago's Card Payment Brick (mercadopago-notes.md): the card data stays inside Mercado Pago's frames. */
const SDK_URL = 'https://sdk.mercadopago.com/js/v2';

interface BrickController {
  unmount(): void;
}

interface CardPaymentSettings {
  initialization: { amount: number; payer?: { email?: string } };
  customization?: { paymentMethods?: { maxInstallments?: number } };
  callbacks: {
    onReady(): void;
    onSubmit(formData: BrickFormData, additionalData?: BrickAdditionalData): Promise<void>;
    onError(error: unknown): void;
  };
}

interface MercadoPagoInstance {
  bricks(): {
    create(brick: 'cardPayment', containerId: string, settings: CardPaymentSettings): Promise<BrickController>;
  };
}

type MercadoPagoConstructor = new (publicKey: string, options: { locale: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

let sdkPromise: Promise<MercadoPagoConstructor> | null = null;

/** Adds the SDK script once, on demand (only owners who pay download it). */
function loadSdk(): Promise<MercadoPagoConstructor> {
  if (window.MercadoPago) return Promise.resolve(window.MercadoPago);
  sdkPromise ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () =>
      window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error('MercadoPago SDK missing'));
    script.onerror = () => reject(new Error('MercadoPago SDK failed to load'));
    document.head.append(script);
  }).catch((err: unknown) => {
    sdkPromise = null;
    throw err;
  });
  return sdkPromise;
}

interface MercadoPagoBrickProps {
  publicKey: string;
  amount: number;
  comercioId: number;
  /** The account's email, pre-filled as the payer's. */
  payerEmail: string;
  /** The last attempt's refusal, shown above the brick (which keeps the card for another try). */
  rejection: string | null;
  onPay(body: ProcessOrderBody): Promise<void>;
}

export function MercadoPagoBrick({
  publicKey,
  amount,
  comercioId,
  payerEmail,
  rejection,
  onPay,
}: MercadoPagoBrickProps) {
  const containerId = `mp-card-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [formError, setFormError] = useState<string | null>(null);
  const payRef = useRef(onPay);
  payRef.current = onPay;

  useEffect(() => {
    let controller: BrickController | null = null;
    let cancelled = false;
    loadSdk()
      .then((MercadoPago) =>
        new MercadoPago(publicKey, { locale: 'es-AR' }).bricks().create('cardPayment', containerId, {
          initialization: { amount, ...(payerEmail ? { payer: { email: payerEmail } } : {}) },
          callbacks: {
            onReady: () => !cancelled && setState('ready'),
            onSubmit: (formData, additionalData) => {
              setFormError(null);
              return payRef.current(brickOrderBody(comercioId, formData, additionalData));
            },
            onError: (error) => {
              console.error('Card Payment Brick:', error);
              if (!cancelled) setFormError(PAYMENT_FORM_ERROR);
            },
          },
        }),
      )
      .then((created) => {
        if (cancelled) created.unmount();
        else controller = created;
      })
      .catch((err: unknown) => {
        console.error(err);
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      controller?.unmount();
    };
  }, [publicKey, amount, comercioId, containerId, payerEmail]);

  return (
    <div className="mt-4">
      {state === 'loading' && <Spinner label="Cargando el formulario de pago…" />}
      {state === 'error' && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800"
        >
          No pudimos cargar el formulario de Mercado Pago. Revisá tu conexión e intentá nuevamente.
        </p>
      )}
      {rejection && !formError && (
        <p
          role="alert"
          className="mb-3 rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800"
        >
          {rejection}
        </p>
      )}
      {formError && (
        <p
          role="alert"
          className="mb-3 rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      )}
      <div id={containerId} />
    </div>
  );
}
