import { LogOut, Menu } from '#web/components/icons';
import type { ReactNode } from 'react';
import { useMediaQuery } from '#web/lib/hooks';
import { useNavigation } from '#web/lib/navigation';
import { listaView } from '#web/lib/routes';
import { AppLink } from '#web/components/AppLink';
import { btnGhost, btnIcon, btnPrimary } from '#web/components/buttons';
import { LogoMark } from '#web/components/Logo';
import { SIDE_MENU_ID } from './SideMenu';
import { useMenu } from './menu-state';
import { useAppActions } from './useAppActions';

interface HeaderProps {
  /** View-specific control (the locality select on lista): beside the logo on phones, beside the search box from md. */
  tools?: ReactNode;
  /** View-specific second row (the search box on lista). */
  search?: ReactNode;
}

export function Header({ tools, search }: HeaderProps) {
  const menu = useMenu();
  const { view } = useNavigation();
  const actions = useAppActions();
  // One element, placed by width: the top row has no room for it next to the desktop actions.
  const wide = useMediaQuery('(min-width: 48rem)');
  return (
    <header className="app-header">
      <div className="app-header-bar">
        <AppLink
          to={listaView()}
          className="-ml-1 flex shrink-0 items-center gap-2 rounded-xl p-1"
          aria-label="Vidriera, ir al inicio"
        >
          <LogoMark />
          <span className="text-lg font-extrabold tracking-tight text-ink-900 min-[400px]:text-xl">Vidriera</span>
        </AppLink>
        <nav aria-label="Navegación principal" className="hidden items-center gap-1 md:flex lg:ml-4">
          <AppLink to={listaView()} className="nav-link" aria-current={view.name === 'lista' ? 'page' : undefined}>
            Inicio
          </AppLink>
          <AppLink
            to={{ name: 'promociones', categoria: '' }}
            className="nav-link"
            aria-current={view.name === 'promociones' ? 'page' : undefined}
          >
            Promociones
          </AppLink>
          <AppLink
            to={{ name: 'favoritos' }}
            className="nav-link"
            aria-current={view.name === 'favoritos' ? 'page' : undefined}
          >
            Favoritos
          </AppLink>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {!wide && tools}
          <div className="hidden items-center gap-1 md:flex">
            {actions.user ? (
              <>
                <button type="button" className={btnGhost} onClick={actions.registrarComercio}>
                  Nuevo Comercio
                </button>
                <button type="button" className={btnGhost} onClick={actions.misComercios}>
                  Mis Comercios
                </button>
                {/* The spec names this "Salir" here and "Cerrar Sesión" in the menu: same icon and tooltip, one action. */}
                <button type="button" className={btnGhost} onClick={actions.logout} title="Cerrar Sesión">
                  <LogOut className="size-4" aria-hidden="true" />
                  Salir
                </button>
              </>
            ) : (
              <>
                <button type="button" className={`${btnGhost} md:px-2 lg:px-3`} onClick={actions.login}>
                  Iniciar Sesión
                </button>
                <button type="button" className={`${btnPrimary} md:px-4 lg:px-5`} onClick={actions.registrarComercio}>
                  Registrar mi comercio
                </button>
              </>
            )}
          </div>
          <button
            type="button"
            className={`${btnIcon} -mr-2 shrink-0`}
            aria-label="Menú"
            aria-haspopup="dialog"
            aria-expanded={menu.open}
            // Opens the menu natively until the app runs; from then on the app opens it (and cancels the command).
            commandfor={SIDE_MENU_ID}
            command="show-modal"
            onClick={(event) => {
              event.preventDefault();
              menu.setOpen(true);
            }}
          >
            <Menu className="size-6" aria-hidden="true" />
          </button>
        </div>
      </div>
      {search && (
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-3 lg:px-6">
          <div className="min-w-0 flex-1">{search}</div>
          {wide && tools}
        </div>
      )}
    </header>
  );
}
