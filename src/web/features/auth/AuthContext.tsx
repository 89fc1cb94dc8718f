import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { SignUpPurpose } from '#shared/schemas/auth';
import { Spinner } from '#web/components/Spinner';
import { hasSessionHint, SESSION_KEY, sessionQueries, signOut, type AuthUser } from './session';

export type { AuthUser } from './session';

export interface OpenLoginOptions {
  /** Called when the dialog closes without signing in (e.g. leave a protected URL). */
  onDismiss?: () => void;
  /** Called once the person is signed in (e.g. continue to the view that asked for it). */
  onSuccess?: () => void;
  /**
   * Who is asked to sign up: an owner (the spec's form, "Nombre del comercio"; the default) or a visitor who
   * came to give an opinion ("Tu nombre"). The account is the same kind either way.
   */
  purpose?: SignUpPurpose;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** This browser signed in before and the server has not answered yet: protected views wait instead of asking to log in. */
  loading: boolean;
  openLogin(options?: OpenLoginOptions): void;
  logout(): void;
}

/** The login dialog's code (frame and all) arrives on the first "Ingresar", or with the app's idle prefetch. */
export const loadLoginDialog = () => import('./LoginDialog');
const LoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));

const AuthContext = createContext<AuthContextValue | null>(null);

/** Owner data (the list and the edit forms' records live under this key) is dropped on logout. */
const PRIVATE_KEYS = [['mis-comercios']];

/**
 * The session as the server knows it (Better Auth, HttpOnly cookie): get-session on load and on window focus.
 * openLogin shows the login/signup modal; a successful sign-in runs the pending action once `user` is set.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hinted] = useState(hasSessionHint);
  const session = useQuery(sessionQueries.current());
  const user = session.data ?? null;
  const loading = hinted && session.isPending;

  const [loginOpen, setLoginOpen] = useState(false);
  const [purpose, setPurpose] = useState<SignUpPurpose>('owner');
  const dismissRef = useRef<(() => void) | undefined>(undefined);
  const successRef = useRef<(() => void) | undefined>(undefined);
  const pendingRef = useRef<(() => void) | undefined>(undefined);

  const openLogin = useCallback((options: OpenLoginOptions = {}) => {
    dismissRef.current = options.onDismiss;
    successRef.current = options.onSuccess;
    setPurpose(options.purpose ?? 'owner');
    setLoginOpen(true);
  }, []);

  const closeLogin = useCallback(() => {
    setLoginOpen(false);
    const onDismiss = dismissRef.current;
    dismissRef.current = undefined;
    successRef.current = undefined;
    onDismiss?.();
  }, []);

  const signedIn = useCallback(
    async (freshUser?: AuthUser | null) => {
      pendingRef.current = successRef.current ?? (() => {});
      dismissRef.current = undefined;
      successRef.current = undefined;
      if (freshUser) queryClient.setQueryData(SESSION_KEY, freshUser);
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      setLoginOpen(false);
    },
    [queryClient],
  );

  // The pending action runs after `user` reaches the tree, so a protected view never sees a guest.
  // A session that turns up on its own (get-session answered late, another tab signed in) closes the dialog too.
  useEffect(() => {
    if (!user) return;
    setLoginOpen(false);
    dismissRef.current = undefined;
    successRef.current = undefined;
    const action = pendingRef.current;
    pendingRef.current = undefined;
    action?.();
  }, [user]);

  const logout = useCallback(() => {
    queryClient.setQueryData(SESSION_KEY, null);
    for (const queryKey of PRIVATE_KEYS) queryClient.removeQueries({ queryKey });
    signOut().catch(() => {
      // The cookie may still be valid: ask the server again rather than pretend.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, openLogin, logout }),
    [user, loading, openLogin, logout],
  );
  return (
    <AuthContext value={value}>
      {children}
      {loginOpen && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink-900/40">
              <div className="rounded-card bg-white px-6 shadow-card">
                <Spinner label="Cargando…" />
              </div>
            </div>
          }
        >
          <LoginDialog open purpose={purpose} onClose={closeLogin} onSignedIn={signedIn} />
        </Suspense>
      )}
    </AuthContext>
  );
}

export function useAuth(): AuthContextValue {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}

/** The one gate for guest-only-not actions (Publicar, Registrar mi comercio, Mis Comercios): run it or ask to log in. */
export function useRequireAuth(): (action: () => void, options?: OpenLoginOptions) => void {
  const { user, openLogin } = useAuth();
  return useCallback(
    (action: () => void, options?: OpenLoginOptions) => {
      if (user) action();
      else openLogin({ onSuccess: action, ...options });
    },
    [user, openLogin],
  );
}
