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
import { FORGOT_PASSWORD_SENT, forgotPasswordSchema, type ForgotPasswordInput } from '#shared/schemas/cuenta';
import { LIMITS } from '#shared/limites';
import { btnPrimary } from '#web/components/buttons';
import { ApiError } from '#web/lib/api';
import { FormError, TextField } from '#web/components/form/Fields';
import { NewPasswordFields } from './NewPasswordFields';
import type { AuthUser } from './session';
import { requestPasswordReset } from './cuenta';
import { SecondFactorForm } from './SecondFactorForm';
import { NEEDS_CODE, signIn, signUp } from './signin';

export type AuthMode = 'login' | 'signup' | 'forgot';

interface AuthFormProps {
  mode: AuthMode;
  purpose: SignUpPurpose;
  /** The email typed so far goes along to the next form, so "¿Olvidaste tu contraseña?" is not typed twice. */
  onModeChange(mode: AuthMode, email: string): void;
  /** What the previous form had in its email field. */
  email?: string;
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

function LoginForm({ email, onModeChange, onSignedIn }: Omit<AuthFormProps, 'mode' | 'purpose'>) {
  const [needsCode, setNeedsCode] = useState(false);
  if (needsCode) return <SecondFactorForm onSignedIn={onSignedIn} />;
  return (
    <PasswordForm
      email={email}
      onModeChange={onModeChange}
      onSignedIn={onSignedIn}
      onNeedsCode={() => setNeedsCode(true)}
    />
  );
}

function PasswordForm({
  email: typed = '',
  onModeChange,
  onSignedIn,
  onNeedsCode,
}: Omit<AuthFormProps, 'mode' | 'purpose'> & { onNeedsCode(): void }) {
  const { serverError, clear, guard } = useServerError();
  const { register, handleSubmit, setFocus, getValues, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: typed },
  });
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
      <p className="-mt-2 text-right text-sm">
        <button type="button" className={linkButton} onClick={() => onModeChange('forgot', getValues('email'))}>
          ¿Olvidaste tu contraseña?
        </button>
      </p>
      <FormFooter
        serverError={serverError}
        isSubmitting={isSubmitting}
        submitLabel="Iniciar Sesión"
        question="¿No tenés cuenta?"
        switchLabel="Registrate"
        onSwitch={() => onModeChange('signup', getValues('email'))}
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

function SignupForm({ purpose, email: typed = '', onModeChange, onSignedIn }: Omit<AuthFormProps, 'mode'>) {
  const { serverError, clear, guard } = useServerError();
  const [schema] = useState(() => signUpFormSchemaFor(purpose));
  const { register, handleSubmit, setFocus, getValues, formState } = useForm<SignUpFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { email: typed },
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
      <NewPasswordFields
        password={register('password', { onChange: clear })}
        confirm={register('confirmPassword', { onChange: clear })}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <FormFooter
        serverError={serverError}
        isSubmitting={isSubmitting}
        submitLabel="Crear cuenta"
        question="¿Ya tenés cuenta?"
        switchLabel="Iniciá sesión"
        onSwitch={() => onModeChange('login', getValues('email'))}
      />
    </form>
  );
}

/**
 * "¿Olvidaste tu contraseña?" (ADR 028): the email of the account; the answer is the same whether there is one
 * or not, so the form says what happens if there is.
 */
function ForgotForm({ email: typed = '', onModeChange }: Pick<AuthFormProps, 'email' | 'onModeChange'>) {
  const { serverError, clear, guard } = useServerError();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, getValues, formState } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: typed },
  });
  const { errors, isSubmitting } = formState;
  useFocusFirst(setFocus);
  const submit = handleSubmit(({ email }) =>
    guard(async () => {
      await requestPasswordReset(email);
      setSentTo(email);
    }, 'No pudimos enviar el enlace. Intentá nuevamente.'),
  );
  const back = (
    <p className="text-center text-sm text-ink-600">
      <button type="button" className={linkButton} onClick={() => onModeChange('login', sentTo ?? getValues('email'))}>
        Volver a iniciar sesión
      </button>
    </p>
  );
  if (sentTo) {
    return (
      <div className="mt-5 space-y-4">
        <p role="status" className="rounded-xl bg-leaf-50 px-4 py-3 text-sm text-ink-900">
          {FORGOT_PASSWORD_SENT}
        </p>
        {back}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <EmailField error={errors.email?.message} {...register('email', { onChange: clear })} />
      <FormError message={serverError} />
      <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={isSubmitting}>
        {isSubmitting ? SUBMITTING : 'Enviarme el enlace'}
      </button>
      {back}
    </form>
  );
}

/** Login and signup with the spec's rules (§5) and error texts (§8), and the way back to a forgotten password. */
export default function AuthForm({ mode, purpose, ...props }: AuthFormProps) {
  if (mode === 'forgot') return <ForgotForm email={props.email} onModeChange={props.onModeChange} />;
  return mode === 'login' ? <LoginForm {...props} /> : <SignupForm purpose={purpose} {...props} />;
}
