import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import {
  AUTH_ERROR_MESSAGES,
  SIGN_UP_FALLBACK,
  signInSchema,
  signUpFormSchemaFor,
  type SignInInput,
  type SignUpPurpose,
  type SignUpFormInput,
} from '#shared/schemas/auth';
import { LIMITS } from '#shared/limites';
import { btnPrimary } from '#web/components/buttons';
import { ApiError } from '#web/lib/api';
import { FormError, TextField } from '#web/components/form/Fields';
import type { AuthUser } from './session';
import { SecondFactorForm } from './SecondFactorForm';
import { NEEDS_CODE, signIn, signUp } from './signin';

export type AuthMode = 'login' | 'signup';

interface AuthFormProps {
  mode: AuthMode;
  purpose: SignUpPurpose;
  onModeChange(mode: AuthMode): void;
  onSignedIn(user: AuthUser | null): Promise<void>;
}

const SUBMITTING = 'Cargando...';
const linkButton = 'rounded font-semibold text-brand-700 underline-offset-2 hover:underline';

/** The server's Spanish message (an origin refusal says which address to open); ours when there is none. */
function serverMessage(err: unknown, fallback: string): string {
  // An answer without our error body (a proxy's page) gets the form's own words.
  return err instanceof ApiError && err.message && err.code !== 'http_error' ? err.message : fallback;
}

/** Focus the first field once the lazily loaded form appears (the dialog focused its close button meanwhile). */
function useFocusFirst(setFocus: (name: 'email') => void) {
  useEffect(() => setFocus('email'), [setFocus]);
}

/** The form-wide error of a submit: cleared when the user types or submits again, the server's words on failure. */
function useServerError() {
  const [serverError, setServerError] = useState<string | null>(null);
  const clear = () => setServerError(null);
  const guard = async (work: () => Promise<void>, fallback: string) => {
    setServerError(null);
    try {
      await work();
    } catch (err) {
      setServerError(serverMessage(err, fallback));
    }
  };
  return { serverError, clear, guard };
}

function EmailField(props: { error?: string | undefined } & UseFormRegisterReturn<'email'>) {
  return (
    <TextField label="Email" type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} {...props} />
  );
}

/** The form's error, its submit button and the link to the other mode. */
function FormFooter({
  serverError,
  isSubmitting,
  submitLabel,
  question,
  switchLabel,
  onSwitch,
}: {
  serverError: string | null;
  isSubmitting: boolean;
  submitLabel: string;
  question: string;
  switchLabel: string;
  onSwitch(): void;
}) {
  return (
    <>
      <FormError message={serverError} />
      <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={isSubmitting}>
        {isSubmitting ? SUBMITTING : submitLabel}
      </button>
      <p className="text-center text-sm text-ink-600">
        {question}{' '}
        <button type="button" className={linkButton} onClick={onSwitch}>
          {switchLabel}
        </button>
      </p>
    </>
  );
}

function LoginForm({ onModeChange, onSignedIn }: Omit<AuthFormProps, 'mode' | 'purpose'>) {
  const [needsCode, setNeedsCode] = useState(false);
  if (needsCode) return <SecondFactorForm onSignedIn={onSignedIn} />;
  return <PasswordForm onModeChange={onModeChange} onSignedIn={onSignedIn} onNeedsCode={() => setNeedsCode(true)} />;
}

function PasswordForm({
  onModeChange,
  onSignedIn,
  onNeedsCode,
}: Omit<AuthFormProps, 'mode' | 'purpose'> & { onNeedsCode(): void }) {
  const { serverError, clear, guard } = useServerError();
  const { register, handleSubmit, setFocus, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  const { errors, isSubmitting } = formState;
  useFocusFirst(setFocus);

  const submit = handleSubmit(({ email, password }) =>
    guard(async () => {
      const answer = await signIn(email, password);
      if (answer === NEEDS_CODE) onNeedsCode();
      else await onSignedIn(answer);
    }, AUTH_ERROR_MESSAGES.fallback),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <EmailField error={errors.email?.message} {...register('email', { onChange: clear })} />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        maxLength={LIMITS.password}
        error={errors.password?.message}
        {...register('password', { onChange: clear })}
      />
      <FormFooter
        serverError={serverError}
        isSubmitting={isSubmitting}
        submitLabel="Iniciar Sesión"
        question="¿No tenés cuenta?"
        switchLabel="Registrate"
        onSwitch={() => onModeChange('signup')}
      />
    </form>
  );
}

/** The name field: the spec's "Nombre del comercio *" for owners, "Tu nombre" for a visitor (same rules). */
const NAME_FIELD: Record<SignUpPurpose, { label: string; autoComplete: string; hint: string }> = {
  owner: {
    label: 'Nombre del comercio *',
    autoComplete: 'organization',
    hint: 'Es el nombre que vas a ver en tu cuenta.',
  },
  visitor: { label: 'Tu nombre', autoComplete: 'name', hint: 'Es el nombre que acompaña tus opiniones.' },
};

function SignupForm({ purpose, onModeChange, onSignedIn }: Omit<AuthFormProps, 'mode'>) {
  const { serverError, clear, guard } = useServerError();
  const [schema] = useState(() => signUpFormSchemaFor(purpose));
  const { register, handleSubmit, setFocus, formState } = useForm<SignUpFormInput>({
    resolver: zodResolver(schema),
  });
  const nameField = NAME_FIELD[purpose];
  const { errors, isSubmitting } = formState;
  useFocusFirst(setFocus);

  const submit = handleSubmit(({ email, password, name }) =>
    guard(async () => onSignedIn(await signUp(email, password, name)), SIGN_UP_FALLBACK),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <EmailField error={errors.email?.message} {...register('email', { onChange: clear })} />
      <TextField
        label={nameField.label}
        autoComplete={nameField.autoComplete}
        maxLength={LIMITS.nombre}
        hint={nameField.hint}
        error={errors.name?.message}
        {...register('name', { onChange: clear })}
      />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.password}
        hint="Al menos 6 caracteres."
        error={errors.password?.message}
        {...register('password', { onChange: clear })}
      />
      <TextField
        label="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.password}
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', { onChange: clear })}
      />
      <FormFooter
        serverError={serverError}
        isSubmitting={isSubmitting}
        submitLabel="Crear cuenta"
        question="¿Ya tenés cuenta?"
        switchLabel="Iniciá sesión"
        onSwitch={() => onModeChange('login')}
      />
    </form>
  );
}

/** Login and signup with the spec's rules (§5) and error texts (§8). */
export default function AuthForm({ mode, purpose, ...props }: AuthFormProps) {
  return mode === 'login' ? <LoginForm {...props} /> : <SignupForm purpose={purpose} {...props} />;
}
