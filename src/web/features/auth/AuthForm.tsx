import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AUTH_ERROR_MESSAGES,
  SIGN_UP_FALLBACK,
  signInSchema,
  signUpFormSchema,
  type SignInInput,
  type SignUpFormInput,
} from '#shared/schemas/auth';
import { LIMITS } from '#shared/constants';
import { btnPrimary } from '#web/components/buttons';
import { ApiError } from '#web/lib/api';
import { FormError, TextField } from '#web/components/form/Fields';
import { signIn, signUp, type AuthUser } from './session';

export type AuthMode = 'login' | 'signup';

interface AuthFormProps {
  mode: AuthMode;
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

function LoginForm({ onModeChange, onSignedIn }: Omit<AuthFormProps, 'mode'>) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  const { errors, isSubmitting } = formState;
  useFocusFirst(setFocus);
  const clear = () => setServerError(null);

  const submit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await onSignedIn(await signIn(email, password));
    } catch (err) {
      setServerError(serverMessage(err, AUTH_ERROR_MESSAGES.fallback));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        error={errors.email?.message}
        {...register('email', { onChange: clear })}
      />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        maxLength={LIMITS.password}
        error={errors.password?.message}
        {...register('password', { onChange: clear })}
      />
      <FormError message={serverError} />
      <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={isSubmitting}>
        {isSubmitting ? SUBMITTING : 'Iniciar Sesión'}
      </button>
      <p className="text-center text-sm text-ink-600">
        ¿No tenés cuenta?{' '}
        <button type="button" className={linkButton} onClick={() => onModeChange('signup')}>
          Registrate
        </button>
      </p>
    </form>
  );
}

function SignupForm({ onModeChange, onSignedIn }: Omit<AuthFormProps, 'mode'>) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, formState } = useForm<SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
  });
  const { errors, isSubmitting } = formState;
  useFocusFirst(setFocus);
  const clear = () => setServerError(null);

  const submit = handleSubmit(async ({ email, password, name }) => {
    setServerError(null);
    try {
      await onSignedIn(await signUp(email, password, name));
    } catch (err) {
      setServerError(serverMessage(err, SIGN_UP_FALLBACK));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        error={errors.email?.message}
        {...register('email', { onChange: clear })}
      />
      <TextField
        label="Nombre del comercio *"
        autoComplete="organization"
        maxLength={LIMITS.nombre}
        hint="Es el nombre que vas a ver en tu cuenta."
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
      <FormError message={serverError} />
      <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={isSubmitting}>
        {isSubmitting ? SUBMITTING : 'Crear cuenta'}
      </button>
      <p className="text-center text-sm text-ink-600">
        ¿Ya tenés cuenta?{' '}
        <button type="button" className={linkButton} onClick={() => onModeChange('login')}>
          Iniciá sesión
        </button>
      </p>
    </form>
  );
}

/** Login and signup with the spec's rules (§5) and error texts (§8). */
export default function AuthForm({ mode, ...props }: AuthFormProps) {
  return mode === 'login' ? <LoginForm {...props} /> : <SignupForm {...props} />;
}
