import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { btnGhost } from '#web/components/buttons';
import type { DenunciaTarget } from './DenunciarDialog';

// The dialog (and its form library) loads only when someone opens it.
const DenunciarDialog = lazy(() => import('./DenunciarDialog'));

/** The "Denunciar" action of a business or promotion page, open to everyone. */
export function DenunciarButton({ target, className = '' }: { target: DenunciaTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${btnGhost} text-ink-600 ${className}`}
        onClick={() => setOpen(true)}
        aria-label={`Denunciar ${target.promocionId ? 'la promoción' : 'el comercio'} ${target.nombre}`}
      >
        <Flag className="size-4" aria-hidden="true" />
        Denunciar
      </button>
      {open && (
        <Suspense fallback={null}>
          <DenunciarDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
