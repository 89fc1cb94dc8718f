import type { SsrRouteName } from '#shared/routes';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BottomNav } from './shell/BottomNav';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Footer } from './components/Footer';
import { Header } from './shell/Header';
import { SideMenu } from './shell/SideMenu';
import { MenuProvider } from './shell/menu-state';
import { SandboxBanner } from './features/pagos/SandboxBanner';
import { Spinner } from './components/Spinner';
import { AuthProvider, loadLoginDialog, useAuth } from './features/auth/AuthContext';
import { FavoritosCuentaProvider } from './features/favoritos/FavoritosCuenta';
import { NotFound } from './components/NotFound';
import { OfflineBanner } from './components/OfflineBanner';
import { NavigationProvider, useNavigation } from './lib/navigation';
import { createQueryClient } from './lib/queryClient';
import { lazyView, remembered } from './lib/chunks';
import { InitialRenderContext, type InitialRender } from './lib/render-context';
import { isProtectedView, type View } from './lib/routes';

// Every view is its own chunk, the home's too: a business page does not carry the home's grid and strip. The
// server names the first view's chunk in the page (modulepreload, src/server/ssr/preload.ts), so it arrives
// beside the entry; scripts/view-chunks.ts keeps each public view's modules in one file (ADR 023). The views a
// server renders are loaded before hydration (SSR_VIEWS, main.tsx): their loaders remember the module (remembered).
const loadLista = remembered(() =>
  // Named, so knip sees the header tools used (it does not follow a module passed along whole).
  import('./features/comercios/ListaView').then(({ default: view, SearchBox, LocalidadSelect }) => ({
    default: view,
    SearchBox,
    LocalidadSelect,
  })),
);
const ListaView = lazyView(loadLista);
// The home's header tools come in its chunk too (ListaView.tsx re-exports them): no other page carries them.
const SearchBox = lazyView(() => loadLista().then((m) => ({ default: m.SearchBox })));
const LocalidadSelect = lazyView(() => loadLista().then((m) => ({ default: m.LocalidadSelect })));
// The list's fallback (as useComercioList's loadFallback): imported from here, that hook stays in the home's chunk.
const loadFallback = () => import('./features/comercios/fallback');
const loadPromociones = remembered(() => import('./features/promociones/PromocionesView'));
const loadDetalle = remembered(() => import('./features/comercios/DetalleView'));
// DetalleView's loading skeleton, a chunk of its own (a server-rendered business page never shows it).
const loadDetalleSkeleton = () => import('./features/comercios/DetalleSkeleton');
const PromocionesView = lazyView(loadPromociones);
// The console is for a handful of people: its code never reaches anyone else's browser.
const OperadorView = lazy(() => import('./features/operador/OperadorView'));
const FavoritosView = lazy(() => import('./features/favoritos/FavoritosView'));
const DetalleView = lazyView(loadDetalle);
// Owner views (and their login gate) are for signed-in owners: not part of anyone's first load.
const GuardedView = lazy(() => import('./GuardedView').then((m) => ({ default: m.GuardedView })));
const ComercioNotFound = lazyView(() => loadDetalle().then((m) => ({ default: m.ComercioNotFound })));
// The pages the account emails link to (ADR 028), and the banner of an unconfirmed email: few see them.
const NuevaContrasenaView = lazy(() => import('./features/auth/NuevaContrasenaView'));
const VerificarEmailView = lazy(() => import('./features/auth/VerificarEmailView'));
const VerifyEmailBanner = lazy(() => import('./features/auth/VerifyEmailBanner'));

/**
 * The code of each server-rendered view (its business-not-found page included), which main.tsx loads before it
 * hydrates: a tap on a part of the page whose code is still missing would be lost (lib/chunks.ts).
 */
export const SSR_VIEWS = { lista: loadLista, promociones: loadPromociones, detalle: loadDetalle } satisfies Record<
  SsrRouteName,
  () => PromiseLike<unknown>
>;

function CurrentView({ view }: { view: View }) {
  switch (view.name) {
    case 'lista':
      return <ListaView />;
    case 'promociones':
      // The view as its props (the code every page loads stays short; the view reads what it needs).
      return <PromocionesView {...view} />;
    case 'favoritos':
      return <FavoritosView />;
    case 'detalle':
      return <DetalleView key={view.id} id={view.id} />;
    case 'not-found':
      return view.comercio ? <ComercioNotFound /> : <NotFound />;
    case 'operador':
      return <OperadorView seccion={view.seccion} id={view.id} />;
    case 'nueva-contrasena':
      return <NuevaContrasenaView token={view.token} />;
    case 'verificar-email':
      return <VerificarEmailView key={view.token} token={view.token} />;
    case 'mis-comercios':
    case 'registro':
    case 'editar':
    case 'comprobante':
    case 'mi-cuenta':
      return <GuardedView view={view} />;
  }
}

function Shell() {
  const { view } = useNavigation();
  const { user, loading } = useAuth();
  // A guest on a protected URL sees the home view (with its header controls) under the login dialog.
  const showsLista = view.name === 'lista' || (isProtectedView(view) && !user && !loading);

  // Fetch the other views' code once the home view is idle, so the first switch is instant (and the list's
  // fallback and the login dialog with its form are at hand should the connection drop).
  useEffect(() => {
    const prefetch = () =>
      void Promise.all([
        loadLista(),
        loadPromociones(),
        loadDetalle(),
        loadDetalleSkeleton(),
        loadLoginDialog().then((m) => m.prefetchAuthForm()),
        loadFallback(),
      ]).catch(() => {});
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Saltar al contenido
      </a>
      <SandboxBanner />
      <Header
        tools={
          showsLista ? (
            <Suspense fallback={null}>
              <LocalidadSelect />
            </Suspense>
          ) : null
        }
        search={
          showsLista ? (
            <Suspense fallback={null}>
              <SearchBox />
            </Suspense>
          ) : null
        }
      />
      <OfflineBanner />
      {user && !user.emailVerified && view.name !== 'verificar-email' && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="app-main">
        <ErrorBoundary resetKey={view}>
          <Suspense fallback={<Spinner label="Cargando…" />}>
            <CurrentView view={view} />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <BottomNav />
      {/* In the page's markup, closed: the Menú button opens it before the scripts run (ADR 059). */}
      <SideMenu />
    </div>
  );
}

const defaultQueryClient = createQueryClient();

interface AppProps {
  queryClient?: QueryClient;
  /** Server rendering: the view of the requested URL (the browser reads its own location). */
  initialView?: View;
  /** A server-rendered page: what it was rendered with, so hydration renders the same markup. */
  initial?: InitialRender | null;
}

export function App({ queryClient = defaultQueryClient, initialView, initial = null }: AppProps) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <InitialRenderContext value={initial}>
          <NavigationProvider initialView={initialView}>
            <AuthProvider>
              <FavoritosCuentaProvider>
                <MenuProvider>
                  <Shell />
                </MenuProvider>
              </FavoritosCuentaProvider>
            </AuthProvider>
          </NavigationProvider>
        </InitialRenderContext>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
