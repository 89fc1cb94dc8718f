import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { LoginDialog } from './LoginDialog';

/** The signed-in person as the UI needs it. Placeholder: the accounts task fills it from the session. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string | null;
}

export interface OpenLoginOptions {
  /** Called when the dialog closes without signing in (e.g. leave a protected URL). */
  onDismiss?: () => void;
}

export interface AuthContextValue {
  user: AuthUser | null;
  openLogin(options?: OpenLoginOptions): void;
  logout(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Placeholder auth: nobody is signed in yet, and openLogin shows a minimal dialog.
 * The accounts task replaces the dialog with the real login/signup modal and fills `user`.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [loginOpen, setLoginOpen] = useState(false);
  const dismissRef = useRef<(() => void) | undefined>(undefined);

  const openLogin = useCallback((options: OpenLoginOptions = {}) => {
    dismissRef.current = options.onDismiss;
    setLoginOpen(true);
  }, []);

  const closeLogin = useCallback(() => {
    setLoginOpen(false);
    const onDismiss = dismissRef.current;
    dismissRef.current = undefined;
    onDismiss?.();
  }, []);

  const value = useMemo<AuthContextValue>(() => ({ user: null, openLogin, logout: () => {} }), [openLogin]);
  return (
    <AuthContext value={value}>
      {children}
      <LoginDialog open={loginOpen} onClose={closeLogin} />
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
      else openLogin(options);
    },
    [user, openLogin],
  );
}
