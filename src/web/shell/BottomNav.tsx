import { CirclePlus, House, Tag, UserRound, type IconComponent } from '#web/components/icons';
import type { ReactNode } from 'react';
import { useNavigation } from '#web/lib/navigation';
import { listaView } from '#web/lib/routes';
import { AppLink } from '#web/components/AppLink';
import { useAppActions } from './useAppActions';

function TabContent({ icon: Icon, label, active }: { icon: IconComponent; label: string; active: boolean }): ReactNode {
  return (
    <>
      <span
        className={`flex h-7 w-12 items-center justify-center rounded-full transition-colors ${active ? 'bg-brand-100' : ''}`}
      >
        <Icon className="size-5" aria-hidden="true" strokeWidth={active ? 2.4 : 2} />
      </span>
      {label}
    </>
  );
}

/** Phones only: Inicio, Promociones, and Publicar (guest) / Mi Perfil (signed in). */
export function BottomNav() {
  const { view } = useNavigation();
  const actions = useAppActions();
  const inicio = view.name === 'lista';
  const promos = view.name === 'promociones';
  const perfil =
    view.name === 'mis-comercios' || view.name === 'registro' || view.name === 'editar' || view.name === 'comprobante';
  return (
    <nav aria-label="Navegación principal" className="tab-bar">
      <div className="mx-auto flex max-w-md items-stretch px-2">
        <AppLink to={listaView()} className="tab-link" aria-current={inicio ? 'page' : undefined}>
          <TabContent icon={House} label="Inicio" active={inicio} />
        </AppLink>
        <AppLink
          to={{ name: 'promociones', categoria: '' }}
          className="tab-link"
          aria-current={promos ? 'page' : undefined}
        >
          <TabContent icon={Tag} label="Promociones" active={promos} />
        </AppLink>
        <button
          type="button"
          className="tab-link"
          onClick={actions.misComercios}
          aria-current={perfil ? 'page' : undefined}
        >
          {actions.user ? (
            <TabContent icon={UserRound} label="Mi Perfil" active={perfil} />
          ) : (
            <TabContent icon={CirclePlus} label="Publicar" active={perfil} />
          )}
        </button>
      </div>
    </nav>
  );
}
