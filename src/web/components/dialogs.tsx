import { AlertTriangle, Info } from 'lucide-react';
import { createContext, use, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { btnPrimary, btnSecondary } from './buttons';
import { ModalFrame } from './ModalFrame';

/**
 * The spec's alerts and confirmations (window.alert / window.confirm in the original) as accessible in-app
 * dialogs with the same texts: `await alert(text)`, `if (await confirm(text)) …`.
 */
interface Request {
  kind: 'alert' | 'confirm';
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (ok: boolean) => void;
}

interface Dialogs {
  alert(message: string): Promise<void>;
  confirm(message: string, labels?: { confirm?: string; cancel?: string }): Promise<boolean>;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const current = queue[0];

  const push = useCallback(
    (r: Omit<Request, 'resolve'>) => new Promise<boolean>((resolve) => setQueue((q) => [...q, { ...r, resolve }])),
    [],
  );
  const close = useCallback(
    (ok: boolean) =>
      setQueue((q) => {
        q[0]?.resolve(ok);
        return q.slice(1);
      }),
    [],
  );

  const api = useMemo<Dialogs>(
    () => ({
      alert: async (message) => {
        await push({ kind: 'alert', message, confirmLabel: 'Aceptar', cancelLabel: '' });
      },
      confirm: (message, labels) =>
        push({
          kind: 'confirm',
          message,
          confirmLabel: labels?.confirm ?? 'Aceptar',
          cancelLabel: labels?.cancel ?? 'Cancelar',
        }),
    }),
    [push],
  );

  return (
    <DialogsContext value={api}>
      {children}
      {current && <DialogPanel key={queue.length + current.message} request={current} onClose={close} />}
    </DialogsContext>
  );
}

function DialogPanel({ request, onClose }: { request: Request; onClose: (ok: boolean) => void }) {
  const messageId = useId();
  const Icon = request.kind === 'confirm' ? AlertTriangle : Info;
  return (
    <ModalFrame
      role="alertdialog"
      label={request.kind === 'confirm' ? 'Confirmación' : 'Aviso'}
      describedBy={messageId}
      onClose={() => onClose(false)}
      // An alert is dismissed by a click outside; a question waits for an answer.
      onOverlayClick={request.kind === 'alert' ? () => onClose(true) : null}
      closeButton={false}
      onTop
    >
      <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p id={messageId} className="whitespace-pre-line text-base text-ink-900">
        {request.message}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {request.kind === 'confirm' && (
          <button type="button" className={btnSecondary} onClick={() => onClose(false)}>
            {request.cancelLabel}
          </button>
        )}
        <button type="button" className={btnPrimary} onClick={() => onClose(true)} data-autofocus>
          {request.confirmLabel}
        </button>
      </div>
    </ModalFrame>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = use(DialogsContext);
  if (!dialogs) throw new Error('useDialogs must be used inside DialogsProvider');
  return dialogs;
}
