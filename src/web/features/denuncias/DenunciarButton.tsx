import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { btnGhost } from '#web/components/buttons';
import { isOffline } from '#web/lib/online';
import type { DenunciaTarget } from './DenunciarDialog';

// The dialog (and its form library) loads only when someone opens it: fetched first, shown once it is here, so
// a visitor without a connection gets a message beside the button instead of the whole page's error screen.
const loadDialog = () => import('./DenunciarDialog');
const DenunciarDialog = lazy(loadDialog);

const OFFLINE = 'Sin conexión: no pudimos abrir la denuncia. Probá de nuevo cuando vuelva la conexión.';
const FAILED = 'No pudimos abrir la denuncia. Recargá la página y probá de nuevo.';

/** The "Denunciar" action of a business or promotion page, open to everyone. */
export function DenunciarButton({ target, className = '' }: { target: DenunciaTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');
  return (
    <>
      <button
        type="button"
        className={`${btnGhost} text-ink-600 ${className}`}
        onClick={() => {
          loadDialog().then(
            () => {
              setProblem('');
              setOpen(true);
            },
            () => setProblem(isOffline() ? OFFLINE : FAILED),
          );
        }}
        aria-label={`Denunciar ${target.promocionId ? 'la promoción' : 'el comercio'} ${target.nombre}`}
      >
        <Flag className="size-4" aria-hidden="true" />
        Denunciar
      </button>
      <p role="status" className={problem ? 'mt-1 text-sm text-ink-700' : 'sr-only'}>
        {problem}
      </p>
      {open && (
        <Suspense fallback={null}>
          <DenunciarDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
