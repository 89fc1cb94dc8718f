import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '#shared/limites';
import {
  changeEmailSchema,
  changePasswordFormSchema,
  deleteAccountSchema,
  displayNameSchema,
  type ChangeEmailInput,
  type ChangePasswordFormInput,
  type DeleteAccountInput,
  type DisplayNameInput,
} from '#shared/schemas/cuenta';
import { btnBase, btnPrimary, btnSecondary } from '#web/components/buttons';
import { FormError, TextField } from '#web/components/form/Fields';
import { NewPasswordFields } from './NewPasswordFields';
import { ApiError } from '#web/lib/api';
import { useNavigation } from '#web/lib/navigation';
import { listaView } from '#web/lib/routes';
import { useAuth } from './AuthContext';
import * as cuenta from './cuenta';
import { SESSION_KEY, setSessionHint } from './session';

const SUBMITTING = 'Guardando...';

function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message && err.code !== 'http_error' ? err.message : fallback;
}

/** One block of the page: a heading, what it does, its form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card bg-white p-5 shadow-card">
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Done({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-xl bg-leaf-50 px-4 py-3 text-sm text-ink-900">
      {message}
    </p>
  );
}

/** A form's submit with its server error and its success message. */
function useSubmitState() {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (work: () => Promise<string>, fallback: string) => {
    setError(null);
    setDone(null);
    try {
      setDone(await work());
    } catch (err) {
      setError(messageOf(err, fallback));
    }
  };
  return { error, done, run, clear: () => setError(null) };
}

function NameForm({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const state = useSubmitState();
  const { register, handleSubmit, formState } = useForm<DisplayNameInput>({
    resolver: zodResolver(displayNameSchema),
    defaultValues: { name: current },
  });
  const submit = handleSubmit(({ name }) =>
    state.run(async () => {
      await cuenta.updateName(name);
      // The menu and the header read the session: they show the new name at once.
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      return 'Guardamos tu nombre.';
    }, 'No pudimos guardar tu nombre. Intentá nuevamente.'),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <TextField
        label="Tu nombre"
        autoComplete="name"
        maxLength={LIMITS.nombre}
        hint="Es el nombre que ves en el menú y que acompaña tus opiniones."
        error={formState.errors.name?.message}
        {...register('name', { onChange: state.clear })}
      />
      <FormError message={state.error} />
      <Done message={state.done} />
      <button type="submit" className={btnPrimary} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? SUBMITTING : 'Guardar nombre'}
      </button>
    </form>
  );
}

function EmailForm({ current, verified }: { current: string; verified: boolean }) {
  const state = useSubmitState();
  const { register, handleSubmit, formState, reset } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
  });
  const submit = handleSubmit(({ newEmail }) =>
    state.run(async () => {
      await cuenta.changeEmail(newEmail);
      reset();
      return `Te enviamos un enlace a ${newEmail}. Tu email cambia cuando lo abras, con esta cuenta iniciada en ese navegador.`;
    }, 'No pudimos pedir el cambio de email. Intentá nuevamente.'),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-ink-700">
        Tu email es <strong className="break-all">{current}</strong>
        {verified ? ' (confirmado).' : ' (sin confirmar).'}
      </p>
      <TextField
        label="Nuevo email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={LIMITS.email}
        error={formState.errors.newEmail?.message}
        {...register('newEmail', { onChange: state.clear })}
      />
      <FormError message={state.error} />
      <Done message={state.done} />
      <button type="submit" className={btnPrimary} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? SUBMITTING : 'Cambiar email'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const state = useSubmitState();
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    state.run(async () => {
      await cuenta.changePassword(currentPassword, newPassword);
      reset();
      return 'Cambiamos tu contraseña. Cerramos las demás sesiones de tu cuenta; esta sigue abierta.';
    }, 'No pudimos cambiar tu contraseña. Intentá nuevamente.'),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <TextField
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        maxLength={LIMITS.password}
        error={errors.currentPassword?.message}
        {...register('currentPassword', { onChange: state.clear })}
      />
      <NewPasswordFields
        labels={{ password: 'Nueva contraseña', confirm: 'Confirmar nueva contraseña' }}
        password={register('newPassword', { onChange: state.clear })}
        confirm={register('confirmPassword', { onChange: state.clear })}
        errors={{ password: errors.newPassword?.message, confirm: errors.confirmPassword?.message }}
      />
      <FormError message={state.error} />
      <Done message={state.done} />
      <button type="submit" className={btnPrimary} disabled={isSubmitting}>
        {isSubmitting ? SUBMITTING : 'Cambiar contraseña'}
      </button>
    </form>
  );
}

/** What deleting the account does, said before it is done (Ley 25.326: the right to deletion). */
const DELETION_TERMS = [
  'Se eliminan tus comercios, con sus promociones y fotos: dejan de verse en Vidriera al instante.',
  'Se eliminan las opiniones que escribiste, y las calificaciones de esos comercios se recalculan sin ellas.',
  'Tus pagos se conservan sin tus datos, porque la ley contable nos obliga a guardarlos.',
  'Se cierran todas tus sesiones. No se puede deshacer.',
];

function DeleteAccount() {
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const state = useSubmitState();
  const { register, handleSubmit, formState, setFocus } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
  });
  const submit = handleSubmit(({ password }) =>
    state.run(async () => {
      await cuenta.deleteAccount(password);
      setSessionHint(false);
      queryClient.removeQueries({ queryKey: ['mis-comercios'] });
      queryClient.setQueryData(SESSION_KEY, null);
      navigate(listaView(), { replace: true });
      return 'Eliminamos tu cuenta.';
    }, 'No pudimos eliminar tu cuenta. Intentá nuevamente.'),
  );
  return (
    <>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-700">
        {DELETION_TERMS.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      {confirming ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <TextField
            label="Tu contraseña, para confirmar"
            type="password"
            autoComplete="current-password"
            maxLength={LIMITS.password}
            error={formState.errors.password?.message}
            {...register('password', { onChange: state.clear })}
          />
          <FormError message={state.error} />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={`${btnBase} bg-red-700 px-5 py-2.5 text-sm text-white shadow-sm hover:bg-red-800`}
              disabled={formState.isSubmitting}
            >
              {formState.isSubmitting ? 'Eliminando...' : 'Eliminar mi cuenta definitivamente'}
            </button>
            <button type="button" className={btnSecondary} onClick={() => setConfirming(false)}>
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={`${btnSecondary} mt-4 text-red-800`}
          onClick={() => {
            setConfirming(true);
            setTimeout(() => setFocus('password'));
          }}
        >
          Eliminar mi cuenta
        </button>
      )}
    </>
  );
}

/** Mi cuenta (ADR 028): the signed-in person's name, email, password, and the deletion of the account. */
export default function MiCuentaView() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-xl space-y-5 px-4 py-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">Mi cuenta</h1>
      <Section title="Nombre">
        <NameForm current={user.displayName ?? ''} />
      </Section>
      <Section title="Email">
        <EmailForm current={user.email} verified={user.emailVerified} />
      </Section>
      <Section title="Contraseña">
        <PasswordForm />
      </Section>
      <Section title="Eliminar la cuenta">
        <DeleteAccount />
      </Section>
    </div>
  );
}
