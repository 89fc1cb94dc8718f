import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from '#web/components/icons';
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '#shared/schemas/cuenta';
import { ApiError } from '#web/lib/api';
import { useNavigation } from '#web/lib/navigation';
import { listaView } from '#web/lib/routes';
import { btnPrimary } from '#web/components/buttons';
import { Spinner } from '#web/components/Spinner';
import { verifyEmail } from './cuenta';
import { SESSION_KEY } from './session';

/** One confirmation per token, whatever React runs twice (a mail scanner that fetches the link runs no script). */
const confirmations = new Map<string, Promise<void>>();

/** The page a verification email links to (ADR 028): it posts the token and says how it went. */
export default function VerificarEmailView({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  const [state, setState] = useState<{ kind: 'pending' } | { kind: 'done' } | { kind: 'error'; message: string }>(
    token ? { kind: 'pending' } : { kind: 'error', message: ACCOUNT_MESSAGES.invalid_token },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    let confirming = confirmations.get(token);
    if (!confirming) {
      confirming = verifyEmail(token);
      confirmations.set(token, confirming);
    }
    confirming.then(
      async () => {
        await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
        if (current) setState({ kind: 'done' });
      },
      (err: unknown) => {
        if (!current) return;
        setState({
          kind: 'error',
          message:
            err instanceof ApiError && err.code !== 'http_error'
              ? err.message
              : 'No pudimos confirmar tu email. Intentá nuevamente.',
        });
      },
    );
    return () => {
      current = false;
    };
  }, [token, queryClient]);

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Confirmación de email</h1>
      <div className="mt-5 space-y-4" aria-live="polite">
        {state.kind === 'pending' && <Spinner label="Confirmando tu email…" />}
        {state.kind === 'done' && (
          <p role="status" className="rounded-xl bg-leaf-50 px-4 py-3 text-sm text-ink-900">
            ¡Listo! Confirmaste tu email.
          </p>
        )}
        {state.kind === 'error' && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {state.message}
          </p>
        )}
        {state.kind !== 'pending' && (
          <button type="button" className={`${btnPrimary} w-full py-3`} onClick={() => navigate(listaView())}>
            Ir al inicio
          </button>
        )}
      </div>
    </div>
  );
}
