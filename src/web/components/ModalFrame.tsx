import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { btnIcon } from './buttons';
import { useModal } from './useModal';

interface ModalFrameProps {
  onClose(): void;
  labelledBy: string;
  describedBy?: string;
  /** Width and padding of the panel (Tailwind classes). */
  panelClassName?: string;
  children: ReactNode;
}

/**
 * The app's modal dialog: dimmed overlay (a click closes), a bottom sheet on phones and a centred card on
 * larger screens, a close button, and useModal's focus trap, Escape and scroll lock. Render it only while open.
 */
export function ModalFrame({ onClose, labelledBy, describedBy, panelClassName = 'max-w-sm p-6 pb-8', children }: ModalFrameProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useModal(true, panelRef, onClose);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 animate-fade-in bg-ink-900/50" onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative max-h-[94dvh] w-full animate-fade-in overflow-y-auto rounded-t-3xl bg-white shadow-card-hover sm:rounded-3xl ${panelClassName}`}
      >
        <button type="button" onClick={onClose} className={`${btnIcon} absolute right-2 top-2`} aria-label="Cerrar">
          <X className="size-5" aria-hidden="true" />
        </button>
        {children}
      </div>
    </div>
  );
}
