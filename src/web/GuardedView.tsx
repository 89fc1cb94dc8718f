import { Construction } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState } from './components/EmptyState';
import { useAuth } from './features/auth/AuthContext';
import ListaView from './features/comercios/ListaView';
import { useNavigation } from './lib/navigation';
import { listaView, type View } from './lib/routes';

/**
 * Protected views (mis-comercios, registro, editar). A guest sees the home view and the login dialog; closing it
 * without signing in leaves the protected URL for the home one. Signed-in views arrive with the accounts task.
 */
export function GuardedView({ view }: { view: View }) {
  const { user, openLogin } = useAuth();
  const { navigate } = useNavigation();

  useEffect(() => {
    if (user) return;
    openLogin({ onDismiss: () => navigate(listaView(), { replace: true }) });
  }, [user, openLogin, navigate, view.name]);

  if (!user) return <ListaView />;
  return <EmptyState icon={Construction} as="h1" title="Esta sección estará disponible muy pronto." />;
}
