import {
  House,
  LogIn,
  LogOut,
  Settings,
  Store,
  Tag,
  UserRound,
  X,
  type IconComponent,
  Heart,
} from '#web/components/icons';
import { useEffect, useRef } from 'react';
import { useNavigation } from '#web/lib/navigation';
import { listaView, type View } from '#web/lib/routes';
import { btnIcon } from '#web/components/buttons';
import { LogoMark } from '#web/components/Logo';
import { useAppActions } from './useAppActions';
import { useMenu } from './menu-state';

/** The menu's element id: the Menú button opens it natively by this id before the scripts run (Header.tsx). */
export const SIDE_MENU_ID = 'menu';

const item =
  'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left text-base font-semibold text-ink-900 transition-colors hover:bg-sand-100';

function MenuButton({ icon: Icon, label, onClick }: { icon: IconComponent; label: string; onClick(): void }) {
  return (
    <li>
      <button type="button" className={item} onClick={onClick}>
        <Icon className="size-5 text-brand-600" aria-hidden="true" />
        {label}
      </button>
    </li>
  );
}

/**
 * Side menu (spec §2): account actions. A native modal <dialog> in every page's markup, so the Menú button opens
 * it by itself (an invoker command) before the scripts have run: a first tap answers at once instead of once the
 * app has loaded (ADR 059). The browser does what a modal needs: focus moves in and stays in, Escape and a tap
 * outside (`closedby`) close it, focus goes back to Menú; the page's scroll is held by CSS (styles.css). Once
 * hydrated, the app holds the open state and shows it with showModal().
 */
export function SideMenu() {
  const { open, setOpen } = useMenu();
  const onClose = () => setOpen(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { navigate, hrefFor } = useNavigation();
  const actions = useAppActions();
  const adopted = useRef(false);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!adopted.current) {
      adopted.current = true;
      // Opened by the browser before the app ran: the app's state follows it instead of closing it.
      if (dialog.open && !open) {
        setOpen(true);
        return;
      }
    }
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open, setOpen]);

  const then = (action: () => void) => () => {
    onClose();
    action();
  };
  const link = (to: View, Icon: IconComponent, label: string) => (
    <li>
      <a
        href={hrefFor(to)}
        className={item}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onClose();
          navigate(to);
        }}
      >
        <Icon className="size-5 text-ink-500" aria-hidden="true" />
        {label}
      </a>
    </li>
  );

  return (
    // The click below is a tap outside the panel; the keyboard's way out (Escape) is the dialog's own.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      id={SIDE_MENU_ID}
      aria-label="Menú"
      closedby="any"
      className="side-menu"
      onClose={onClose}
      // Where `closedby` is not known yet. The panel fills the dialog: a click on the dialog itself is outside it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-sand-200 px-4 py-3">
          <span className="flex items-center gap-2 text-lg font-extrabold text-ink-900">
            <LogoMark className="size-8" />
            Vidriera
          </span>
          <button
            type="button"
            className={btnIcon}
            commandfor={SIDE_MENU_ID}
            command="close"
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            aria-label="Cerrar menú"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-3">
          {actions.user && (
            <p className="mb-2 flex items-center gap-2 rounded-xl bg-sand-100 px-3 py-3 text-sm font-semibold text-ink-700">
              <UserRound className="size-5 text-leaf-700" aria-hidden="true" />
              <span className="truncate">{actions.user.displayName || actions.user.email}</span>
            </p>
          )}
          <ul className="space-y-1">
            {actions.user ? (
              <>
                <MenuButton icon={Store} label="Nuevo Comercio" onClick={then(actions.registrarComercio)} />
                <MenuButton icon={UserRound} label="Mis Comercios" onClick={then(actions.misComercios)} />
                <MenuButton icon={Settings} label="Mi cuenta" onClick={then(actions.miCuenta)} />
                <MenuButton icon={LogOut} label="Cerrar Sesión" onClick={then(actions.logout)} />
              </>
            ) : (
              <>
                <MenuButton icon={LogIn} label="Iniciar Sesión" onClick={then(actions.login)} />
                <MenuButton icon={Store} label="Registrar mi comercio" onClick={then(actions.registrarComercio)} />
              </>
            )}
          </ul>
          <hr className="my-3 border-sand-200" />
          <ul className="space-y-1">
            {link(listaView(), House, 'Inicio')}
            {link({ name: 'promociones', categoria: '' }, Tag, 'Promociones')}
            {link({ name: 'favoritos' }, Heart, 'Favoritos')}
          </ul>
        </div>
      </div>
    </dialog>
  );
}
