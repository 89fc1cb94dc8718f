import { LogIn, Store, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { btnIcon } from '../../components/buttons';
import { Spinner } from '../../components/Spinner';
import { useModal } from '../../components/useModal';
import type { AuthMode } from './AuthForm';
import type { AuthUser } from './session';

// The forms (react-hook-form + zod) load only when someone opens the dialog: guests' first load stays small.
const AuthForm = lazy(() => import('./AuthForm'));

const COPY: Record<AuthMode, { title: string; text: string }> = {
  login: {
    title: 'Iniciá sesión para continuar',
    text: 'Con tu cuenta podés registrar tu comercio, publicar tus promociones y administrar tus comercios.',
  },
  signup: {
    title: 'Creá tu cuenta',
    text: 'Registrate gratis y sumá tu comercio a la vidriera de Mendoza.',
  },
};

interface LoginDialogProps {
  open: boolean;
  onClose(): void;
  onSignedIn(user: AuthUser | null): Promise<void>;
}

/** The spec's login/signup modal: two modes toggled by links. The frame is instant; the form arrives on demand. */
export function LoginDialog({ open, onClose, onSignedIn }: LoginDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const [mode, setMode] = useState<AuthMode>('login');
  useModal(open, panelRef, onClose);

  useEffect(() => {
    if (open) setMode('login');
  }, [open]);

  if (!open) return null;
  const copy = COPY[mode];
  const Icon = mode === 'login' ? LogIn : Store;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 animate-fade-in bg-ink-900/50" onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        className="relative max-h-[92dvh] w-full max-w-sm animate-fade-in overflow-y-auto rounded-t-3xl bg-white p-6 pb-8 shadow-card-hover sm:rounded-3xl"
      >
        <button type="button" onClick={onClose} className={`${btnIcon} absolute right-3 top-3`} aria-label="Cerrar">
          <X className="size-5" aria-hidden="true" />
        </button>
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="pr-10 text-xl font-bold text-ink-900">
          {copy.title}
        </h2>
        <p id={textId} className="mt-2 text-sm text-ink-600">
          {copy.text}
        </p>
        <Suspense fallback={<Spinner label="Cargando…" />}>
          <AuthForm key={mode} mode={mode} onModeChange={setMode} onSignedIn={onSignedIn} />
        </Suspense>
      </div>
    </div>
  );
}
