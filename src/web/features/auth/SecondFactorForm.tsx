import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_ERROR_MESSAGES, totpCodeSchema, type TotpCodeInput } from '#shared/schemas/auth';
import { backupCodeSchema, type BackupCodeInput } from '#shared/schemas/second-factor';
import { btnPrimary } from '#web/components/buttons';
import { FormError, TextField } from '#web/components/form/Fields';
import { ApiError } from '#web/lib/api';
import type { AuthUser } from './session';
import { verifyBackupCode, verifyTotp } from './signin';
import { TotpCodeField } from './TotpCodeField';

const SUBMITTING = 'Cargando...';
const linkButton = 'rounded font-semibold text-brand-700 underline-offset-2 hover:underline';

interface Props {
  onSignedIn(user: AuthUser | null): Promise<void>;
}

/**
 * Second step for accounts with a second factor (operators): the authenticator app's 6-digit code, or, with the
 * phone lost, one of the backup codes shown at enrolment (each works once).
 */
export function SecondFactorForm({ onSignedIn }: Props) {
  const [backup, setBackup] = useState(false);
  return backup ? (
    <BackupCodeForm onSignedIn={onSignedIn} onUseApp={() => setBackup(false)} />
  ) : (
    <AppCodeForm onSignedIn={onSignedIn} onUseBackup={() => setBackup(true)} />
  );
}

/** The server's Spanish message; the form's own words for an answer without our error body (a proxy's page). */
const serverMessage = (err: unknown) =>
  err instanceof ApiError && err.message && err.code !== 'http_error' ? err.message : AUTH_ERROR_MESSAGES.fallback;

function useSubmitError() {
  const [serverError, setServerError] = useState<string | null>(null);
  const guard = async (work: () => Promise<void>) => {
    setServerError(null);
    try {
      await work();
    } catch (err) {
      setServerError(serverMessage(err));
    }
  };
  return { serverError, clear: () => setServerError(null), guard };
}

function Footer(props: { serverError: string | null; isSubmitting: boolean; switchLabel: string; onSwitch(): void }) {
  return (
    <>
      <FormError message={props.serverError} />
      <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={props.isSubmitting}>
        {props.isSubmitting ? SUBMITTING : 'Verificar código'}
      </button>
      <p className="text-center text-sm">
        <button type="button" className={linkButton} onClick={props.onSwitch}>
          {props.switchLabel}
        </button>
      </p>
    </>
  );
}

function AppCodeForm({ onSignedIn, onUseBackup }: Props & { onUseBackup(): void }) {
  const { serverError, clear, guard } = useSubmitError();
  const { register, handleSubmit, setFocus, formState } = useForm<TotpCodeInput>({
    resolver: zodResolver(totpCodeSchema),
  });
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = handleSubmit(({ code }) => guard(async () => onSignedIn(await verifyTotp(code))));
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <TotpCodeField
        label="Código de tu app de autenticación"
        error={formState.errors.code?.message}
        {...register('code', { onChange: clear })}
      />
      <Footer
        serverError={serverError}
        isSubmitting={formState.isSubmitting}
        switchLabel="¿No tenés el teléfono? Usá un código de respaldo"
        onSwitch={onUseBackup}
      />
    </form>
  );
}

function BackupCodeForm({ onSignedIn, onUseApp }: Props & { onUseApp(): void }) {
  const { serverError, clear, guard } = useSubmitError();
  const { register, handleSubmit, setFocus, formState } = useForm<BackupCodeInput, unknown, { code: string }>({
    resolver: zodResolver(backupCodeSchema),
  });
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = handleSubmit(({ code }) => guard(async () => onSignedIn(await verifyBackupCode(code))));
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <TextField
        label="Código de respaldo"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        hint="Uno de los que guardaste al activar la verificación en dos pasos. Cada uno sirve una sola vez."
        error={formState.errors.code?.message}
        {...register('code', { onChange: clear })}
      />
      <Footer
        serverError={serverError}
        isSubmitting={formState.isSubmitting}
        switchLabel="Usar el código de la app"
        onSwitch={onUseApp}
      />
    </form>
  );
}
