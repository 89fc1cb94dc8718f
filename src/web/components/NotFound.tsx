import { SearchX } from './icons';
import type { ReactNode } from 'react';
import { listaView } from '#web/lib/routes';
import { AppLink } from './AppLink';
import { btnPrimary, btnSecondary } from './buttons';
import { EmptyState } from './EmptyState';

/** A friendly dead end with a way home: unknown paths and hidden or missing businesses. */
export function NotFound({ title = 'No encontramos esta página', children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl py-8">
      <EmptyState
        icon={SearchX}
        as="h1"
        title={title}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <AppLink to={listaView()} className={btnPrimary}>
              Volver al inicio
            </AppLink>
            <AppLink to={{ name: 'promociones', categoria: '' }} className={btnSecondary}>
              Ver promociones
            </AppLink>
          </div>
        }
      >
        {children ?? 'Puede que el enlace esté mal escrito o que el contenido ya no esté disponible.'}
      </EmptyState>
    </div>
  );
}
