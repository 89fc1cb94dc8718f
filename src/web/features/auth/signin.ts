import { contract } from '#shared/contract';
import { api } from '#web/lib/api';
import { setSessionHint, toAuthUser, type AuthUser } from './session';

// Apart from session.ts: only the login form and the operator's enrolment use these, and they load on demand.

/** signIn()'s answer when the account has a second factor (operators): ask for the app's code. */
export const NEEDS_CODE = 'needs-code' as const;

/** Signs in; the answer carries the user, so the UI can switch before get-session confirms it. */
export async function signIn(email: string, password: string): Promise<AuthUser | null | typeof NEEDS_CODE> {
  const answer = await api(contract.auth.signIn, { body: { email, password } });
  if (answer?.twoFactorRedirect) return NEEDS_CODE;
  setSessionHint(true);
  return toAuthUser(answer);
}

/** The authenticator app's code: finishes a sign-in that needed it, or confirms enrolling the app. */
export async function verifyTotp(code: string): Promise<AuthUser | null> {
  const answer = await api(contract.auth.verifyTotp, { body: { code } });
  setSessionHint(true);
  return toAuthUser(answer);
}

/** A backup code instead of the app's code, when the phone is lost: finishes a sign-in that needed a code. */
export async function verifyBackupCode(code: string): Promise<AuthUser | null> {
  const answer = await api(contract.auth.verifyBackupCode, { body: { code } });
  setSessionHint(true);
  return toAuthUser(answer);
}

/** Signs up (and in: the server signs new accounts in); `name` is the business name shown as the display name. */
export async function signUp(email: string, password: string, name: string): Promise<AuthUser | null> {
  const answer = await api(contract.auth.signUp, { body: { email, password, name } });
  setSessionHint(true);
  return toAuthUser(answer);
}
