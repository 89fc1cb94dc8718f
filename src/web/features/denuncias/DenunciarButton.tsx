import { Flag } from '#web/components/icons';
import { lazy, Suspense, useState } from 'react';
import { btnGhost } from '#web/components/buttons';
import type { DenunciaTarget } from './DenunciarDialog';

// The dialog (and its form library) loads only when someone opens it: fetched first, shown once it is here, so
// a visitor without a connection gets a message beside the button instead of the whole page's error screen.
const loadDialog = () => import('./DenunciarDialog');
const DenunciarDialog = lazy(loadDialog);

/** The "Denunciar" action of a business or promotion page, open to everyone. */
export function DenunciarButton({ target, className = '' }: { target: DenunciaTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${btnGhost} text-ink-600 ${className}`}
        onClick={() =>
          void loadDialog().then(
            () => (setFailed(false), setOpen(true)),
            () => setFailed(true),
          )
        }
        aria-label={
          target.opinionId
            ? `Denunciar ${target.nombre}`
            : `Denunciar ${target.promocionId ? 'la promoción' : 'el comercio'} ${target.nombre}`
        }
      >
        <Flag className="size-4" aria-hidden="true" />
        Denunciar
      </button>
      <p role="status" className="text-sm text-ink-700">
        {failed && 'Sin conexión: no pudimos abrir la denuncia. Probá de nuevo cuando vuelva la conexión.'}
      </p>
      {open && (
        <Suspense fallback={null}>
          <DenunciarDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
