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
import { useRef, type RefObject } from 'react';
import { useNavigation } from '#web/lib/navigation';
import { listaView, type View } from '#web/lib/routes';
import { btnIcon } from '#web/components/buttons';
import { LogoMark } from '#web/components/Logo';
import { useAppActions } from './useAppActions';
import { useModal } from '#web/components/useModal';

interface SideMenuProps {
  open: boolean;
  onClose(): void;
  /** The Menú button: focus goes back there on close. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}

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

/** Side menu (spec §2): account actions; closes on Escape or overlay click and locks the page scroll while open. */
export function SideMenu({ open, onClose, returnFocusRef }: SideMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const { navigate, hrefFor } = useNavigation();
  const actions = useAppActions();
  useModal(open, panelRef, onClose, returnFocusRef);
  if (!open) return null;

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
    <div className="fixed inset-0 z-40">
      <div
        className="absolute inset-0 animate-fade-in bg-ink-900/45"
        onClick={onClose}
        aria-hidden="true"
        data-testid="menu-overlay"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menú"
        tabIndex={-1}
        className="absolute inset-y-0 right-0 flex w-[min(20rem,86vw)] animate-slide-in flex-col bg-white shadow-card-hover"
      >
        <div className="flex items-center justify-between border-b border-sand-200 px-4 py-3">
          <span className="flex items-center gap-2 text-lg font-extrabold text-ink-900">
            <LogoMark className="size-8" />
            Vidriera
          </span>
          <button type="button" className={btnIcon} onClick={onClose} aria-label="Cerrar menú">
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
    </div>
  );
}
