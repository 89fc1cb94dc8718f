import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '#web/components/form/Fields';

/** The 6-digit code of an authenticator app, at sign-in and when an operator enrols one. */
export function TotpCodeField(props: { label: string; error?: string | undefined } & UseFormRegisterReturn<'code'>) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}
