import { lazy, useEffect } from 'react';
import { DialogsProvider } from './components/dialogs';
import { Spinner } from './components/Spinner';
import { useAuth } from './features/auth/AuthContext';
import ListaView from './features/comercios/ListaView';
import { useNavigation } from './lib/navigation';
import { listaView, type View } from './lib/routes';

// The owner's views load on demand: guests never download them.
const MisComerciosView = lazy(() => import('./features/mis-comercios/MisComerciosView'));
const RegistroView = lazy(() => import('./features/comercio-form/RegistroView'));
const EditarView = lazy(() => import('./features/comercio-form/EditarView'));
const ComprobanteView = lazy(() => import('./features/mis-comercios/ComprobanteView'));
const MiCuentaView = lazy(() => import('./features/auth/MiCuentaView'));

/**
 * Protected views (mis-comercios, registro, editar, comprobante, mi-cuenta). A guest sees the home view and the login dialog; closing it
 * without signing in leaves the protected URL for the home one.
 */
export function GuardedView({ view }: { view: View }) {
  const { user, loading, openLogin } = useAuth();
  const { navigate } = useNavigation();

  useEffect(() => {
    if (user || loading) return;
    openLogin({ onDismiss: () => navigate(listaView(), { replace: true }) });
  }, [user, loading, openLogin, navigate, view.name]);

  // A reload of a signed-in browser: wait for the session instead of asking to log in again.
  if (loading) return <Spinner label="Cargando…" />;
  if (!user) return <ListaView />;
  // Only the owner's views ask questions (alerts and confirmations): their provider comes with them.
  return <DialogsProvider>{ownerView(view)}</DialogsProvider>;
}

function ownerView(view: View) {
  switch (view.name) {
    case 'mis-comercios':
      return <MisComerciosView />;
    case 'registro':
      return <RegistroView />;
    case 'editar':
      return <EditarView key={view.id} id={view.id} />;
    case 'comprobante':
      return <ComprobanteView key={view.id} id={view.id} />;
    case 'mi-cuenta':
      return <MiCuentaView />;
    default:
      return null;
  }
}
