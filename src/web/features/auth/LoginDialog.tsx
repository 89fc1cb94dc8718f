import { KeyRound, LogIn, Store } from '#web/components/icons';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { ModalFrame } from '#web/components/ModalFrame';
import { Spinner } from '#web/components/Spinner';
import { whenOnline } from '#web/lib/online';
import type { SignUpPurpose } from '#shared/schemas/auth';
import type { AuthMode } from './AuthForm';
import type { AuthUser } from './session';

// The forms (react-hook-form + zod) are not in guests' first load: the app fetches them when idle, beside this
// dialog (App's prefetch), so the dialog opens complete after the connection drops. Opened offline before that,
// the form's place keeps its spinner until the connection returns instead of failing the whole page.
export const prefetchAuthForm = () => import('./AuthForm');
const AuthForm = lazy(whenOnline(prefetchAuthForm));

const FORGOT_COPY = {
  title: 'Recuperá tu contraseña',
  text: 'Ingresá el email de tu cuenta y te enviamos un enlace para elegir una nueva.',
};

const COPY: Record<AuthMode, { title: string; text: string }> = {
  login: {
    title: 'Iniciá sesión para continuar',
    text: 'Con tu cuenta podés registrar tu comercio, publicar tus promociones y administrar tus comercios.',
  },
  signup: {
    title: 'Creá tu cuenta',
    text: 'Registrate gratis y sumá tu comercio a la vidriera de Mendoza.',
  },
  forgot: FORGOT_COPY,
};

/** A visitor who came to give an opinion reads about opinions; the account is the same. */
const VISITOR_COPY: Record<AuthMode, { title: string; text: string }> = {
  login: {
    title: 'Iniciá sesión para continuar',
    text: 'Con tu cuenta podés opinar sobre los comercios del barrio y, si querés, registrar el tuyo.',
  },
  signup: {
    title: 'Creá tu cuenta',
    text: 'Registrate gratis para contar tu experiencia con los comercios de Mendoza.',
  },
  forgot: FORGOT_COPY,
};

interface LoginDialogProps {
  open: boolean;
  /** Who the sign-up asks: the owner's form (the default) or a visitor's. */
  purpose?: SignUpPurpose;
  onClose(): void;
  onSignedIn(user: AuthUser | null): Promise<void>;
}

/** The spec's login/signup modal: two modes toggled by links. The frame is instant; the form arrives on demand. */
export function LoginDialog({ open, purpose = 'owner', onClose, onSignedIn }: LoginDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [mode, setMode] = useState<AuthMode>('login');
  const [email, setEmail] = useState('');

  useEffect(() => {
    // On closing, so the next opening's first render starts clean (a form takes its email when it mounts).
    if (open) return;
    setMode('login');
    setEmail('');
  }, [open]);

  if (!open) return null;
  const copy = (purpose === 'visitor' ? VISITOR_COPY : COPY)[mode];
  const Icon = mode === 'login' ? LogIn : mode === 'forgot' ? KeyRound : Store;
  return (
    <ModalFrame onClose={onClose} labelledBy={titleId} describedBy={textId}>
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
        <AuthForm
          key={mode}
          mode={mode}
          purpose={purpose}
          email={email}
          onModeChange={(next, typed) => {
            setEmail(typed);
            setMode(next);
          }}
          onSignedIn={onSignedIn}
        />
      </Suspense>
    </ModalFrame>
  );
}
