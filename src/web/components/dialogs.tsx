import { createContext, lazy, Suspense, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DialogRequest as Request } from './DialogPanel';

// The panel (and the modal frame) is not part of the owner view's own chunk: most visits never ask a question. It
// is fetched as soon as the provider mounts, not with the first question: that one may come while offline (the
// save failed for want of a connection), and a panel that cannot load takes the whole form to the error page.
const loadPanel = () => import('./DialogPanel');
const DialogPanel = lazy(loadPanel);

/**
 * The spec's alerts and confirmations (window.alert / window.confirm in the original) as accessible in-app
 * dialogs with the same texts: `await alert(text)`, `if (await confirm(text)) …`.
 */
interface Dialogs {
  alert(message: string): Promise<void>;
  confirm(message: string, labels?: { confirm?: string; cancel?: string }): Promise<boolean>;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const current = queue[0];
  // A failure here is retried by the first question itself.
  useEffect(() => {
    loadPanel().catch(() => {});
  }, []);

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
      {current && (
        <Suspense fallback={null}>
          <DialogPanel key={queue.length + current.message} request={current} onClose={close} />
        </Suspense>
      )}
    </DialogsContext>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = use(DialogsContext);
  if (!dialogs) throw new Error('useDialogs must be used inside DialogsProvider');
  return dialogs;
}
