import { useAuth, useRequireAuth } from '#web/features/auth';
import { useNavigation } from '#web/lib/navigation';

/** The account actions shared by the side menu, the desktop header and the bottom navigation. */
export function useAppActions() {
  const { user, openLogin, logout } = useAuth();
  const requireAuth = useRequireAuth();
  const { navigate } = useNavigation();
  return {
    user,
    login: () => openLogin(),
    registrarComercio: () => requireAuth(() => navigate({ name: 'registro' })),
    misComercios: () => requireAuth(() => navigate({ name: 'mis-comercios' })),
    miCuenta: () => requireAuth(() => navigate({ name: 'mi-cuenta' })),
    // Signed out only once the current screen may be left: a form with unsaved changes asks first.
    logout: () => navigate({ name: 'lista', filters: { q: '', categoria: '', localidad: '' } }, { before: logout }),
  };
}
