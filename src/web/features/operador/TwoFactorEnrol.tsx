import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { totpCodeSchema, twoFactorEnableSchema, type TotpCodeInput } from '#shared/schemas/auth';
import { btnPrimary } from '#web/components/buttons';
import { FormError, TextField } from '#web/components/form/Fields';
import { TotpCodeField, verifyTotp } from '#web/features/auth';
import { contract, type TwoFactorEnrolment } from '#shared/contract';
import { api, errorMessage } from '#web/lib/api';
import { card } from './Pager';
import { TotpQr } from './TotpQr';

type Enrolment = TwoFactorEnrolment;

/** Operators must sign in with a second factor: the console starts by enrolling their authenticator app. */
export function TwoFactorEnrol() {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  return (
    <section aria-labelledby="dos-pasos" className={`${card} max-w-lg space-y-3`}>
      <h2 id="dos-pasos" className="text-xl font-extrabold text-ink-900">
        Activá la verificación en dos pasos
      </h2>
      <p className="text-sm text-ink-700">
        Para usar la consola necesitás una app de autenticación (Google Authenticator, Authy, 1Password…). Desde ahora,
        cada vez que inicies sesión te vamos a pedir el código que muestra.
      </p>
      {enrolment ? <ConfirmStep enrolment={enrolment} /> : <PasswordStep onEnrolment={setEnrolment} />}
    </section>
  );
}

function PasswordStep({ onEnrolment }: { onEnrolment(e: Enrolment): void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    resolver: zodResolver(twoFactorEnableSchema),
  });
  const submit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      onEnrolment(await api(contract.auth.enableTwoFactor, { body: { password } }));
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label="Tu contraseña"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password', { onChange: () => setServerError(null) })}
      />
      <FormError message={serverError} />
      <button type="submit" className={btnPrimary} disabled={formState.isSubmitting}>
        Continuar
      </button>
    </form>
  );
}

function ConfirmStep({ enrolment }: { enrolment: Enrolment }) {
  const client = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<TotpCodeInput>({ resolver: zodResolver(totpCodeSchema) });
  const secret = new URL(enrolment.totpURI).searchParams.get('secret') ?? '';
  const submit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      await verifyTotp(code);
      await client.invalidateQueries();
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Escaneá este código con tu app, o en el teléfono{' '}
        <a href={enrolment.totpURI} className="font-semibold text-brand-700 underline">
          abrí este enlace con tu app
        </a>{' '}
        o cargá a mano la clave de abajo:
      </p>
      <TotpQr uri={enrolment.totpURI} />
      <p
        className="break-all rounded-xl bg-sand-100 p-3 font-mono text-sm"
        data-testid="totp-uri"
        data-uri={enrolment.totpURI}
      >
        {secret}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Códigos de respaldo (guardalos)</summary>
        <p className="mt-2 text-ink-700">
          Si perdés el teléfono, al iniciar sesión elegí «¿No tenés el teléfono? Usá un código de respaldo» e ingresá
          uno de estos. Cada código sirve una sola vez.
        </p>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
          {enrolment.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </details>
      <form onSubmit={submit} noValidate className="space-y-3">
        <TotpCodeField
          label="Código que muestra tu app"
          error={formState.errors.code?.message}
          {...register('code', { onChange: () => setServerError(null) })}
        />
        <FormError message={serverError} />
        <button type="submit" className={btnPrimary} disabled={formState.isSubmitting}>
          Activar
        </button>
      </form>
    </div>
  );
}
