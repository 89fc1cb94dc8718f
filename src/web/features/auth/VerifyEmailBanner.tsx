import { MailWarning } from '#web/components/icons';
import { useState } from 'react';
import { ApiError } from '#web/lib/api';
import { useAuth } from './AuthContext';
import { resendVerification } from './cuenta';

/**
 * Shown to a signed-in account whose email is not confirmed yet (ADR 028): opinions wait for it. "Reenviar"
 * sends the link again.
 */
export default function VerifyEmailBanner() {
  const { user } = useAuth();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (!user || user.emailVerified) return null;
  const resend = async () => {
    setState('sending');
    setError(null);
    try {
      await resendVerification();
      setState('sent');
    } catch (err) {
      setState('idle');
      setError(err instanceof ApiError ? err.message : 'No pudimos reenviar el enlace. Intentá nuevamente.');
    }
  };
  return (
    <div className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailWarning className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          Confirmá tu email: te enviamos un enlace a <strong className="break-all">{user.email}</strong>.
        </p>
        <button
          type="button"
          className="rounded font-semibold text-amber-950 underline underline-offset-2 disabled:opacity-60"
          onClick={() => void resend()}
          disabled={state === 'sending'}
        >
          {state === 'sending' ? 'Enviando...' : 'Reenviar'}
        </button>
        <p role="status" className="w-full empty:hidden">
          {state === 'sent' ? 'Te lo enviamos de nuevo. Revisá también la carpeta de spam.' : (error ?? '')}
        </p>
      </div>
    </div>
  );
}
