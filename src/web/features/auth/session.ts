import { queryOptions } from '@tanstack/react-query';
import { contract, type SessionAnswer } from '#shared/contract';
import { api } from '#web/lib/api';

/** The signed-in person as the UI needs it. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string | null;
  /** Confirmed through the emailed link (ADR 028); until then a banner asks for it and opinions wait. */
  emailVerified: boolean;
}

export const SESSION_KEY = ['session'] as const;

/** A hint (not the session: the cookie is HttpOnly) that this browser signed in, so a reload waits for get-session. */
const HINT_KEY = 'vidriera.sesion';

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(HINT_KEY, '1');
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage unavailable: a reload just shows the guest view until get-session answers.
  }
}

export function toAuthUser(answer: SessionAnswer): AuthUser | null {
  const u = answer?.user;
  if (!u || typeof u.id !== 'string' || typeof u.email !== 'string') return null;
  const name = typeof u.name === 'string' && u.name.trim() ? u.name.trim() : null;
  // Absent (an older answer) counts as verified: the banner is only for an account the server says is not.
  return { id: u.id, email: u.email, displayName: name, emailVerified: u.emailVerified !== false };
}

/** Who is signed in, per the server (null for a guest). */
async function fetchSession(signal?: AbortSignal): Promise<AuthUser | null> {
  const user = toAuthUser(
    await api(contract.auth.session, { signal }).catch((err: unknown) => {
      // get-session answers null for guests; an empty body reads as an invalid response.
      if (err instanceof Error && 'code' in err && err.code === 'invalid_response') return null;
      throw err;
    }),
  );
  setSessionHint(user !== null);
  return user;
}

export const sessionQueries = {
  /** The signed-in person (null for a guest), checked again on focus and every five minutes of use. */
  current: () =>
    queryOptions({
      queryKey: SESSION_KEY,
      queryFn: ({ signal }) => fetchSession(signal),
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: true,
    }),
};

export async function signOut(): Promise<void> {
  setSessionHint(false);
  await api(contract.auth.signOut, { body: {} });
}
