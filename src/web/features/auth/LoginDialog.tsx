import { LogIn, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { btnIcon, btnPrimary } from '../../components/buttons';
import { useModal } from '../../components/useModal';

/** Placeholder login dialog; the accounts task replaces its content with the login/signup form. */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(open, panelRef, onClose);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 animate-fade-in bg-ink-900/50" onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative w-full max-w-sm animate-fade-in rounded-t-3xl bg-white p-6 pb-8 shadow-card-hover sm:rounded-3xl"
      >
        <button type="button" onClick={onClose} className={`${btnIcon} absolute right-3 top-3`} aria-label="Cerrar">
          <X className="size-5" aria-hidden="true" />
        </button>
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <LogIn className="size-6" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="text-xl font-bold text-ink-900">
          Iniciá sesión para continuar
        </h2>
        <p className="mt-2 text-sm text-ink-600">
          Con tu cuenta podés registrar tu comercio, publicar tus promociones y administrar tus comercios.
        </p>
        <button type="button" className={`${btnPrimary} mt-6 w-full`} onClick={onClose} data-autofocus>
          Entendido
        </button>
      </div>
    </div>
  );
}
