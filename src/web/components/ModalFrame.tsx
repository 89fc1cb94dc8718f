import { X } from './icons';
import { useRef, type ReactNode } from 'react';
import { btnIcon } from './buttons';
import { useModal } from './useModal';

interface ModalFrameProps {
  /** Escape, the close button and (unless onOverlayClick says otherwise) a click on the overlay. */
  onClose(): void;
  /** What a click on the dimmed overlay does; null: nothing (a question that needs an answer). */
  onOverlayClick?: (() => void) | null;
  role?: 'dialog' | 'alertdialog';
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  closeButton?: boolean;
  /** Alerts and confirmations open above other dialogs. */
  onTop?: boolean;
  /** Width and padding of the panel (Tailwind classes). */
  panelClassName?: string;
  children: ReactNode;
}

/**
 * The app's modal dialog: dimmed overlay, a bottom sheet on phones and a centred card on larger screens, an
 * optional close button, and useModal's focus trap, Escape and scroll lock. Render it only while open.
 */
export function ModalFrame({
  onClose,
  onOverlayClick = onClose,
  role = 'dialog',
  labelledBy,
  label,
  describedBy,
  closeButton = true,
  onTop = false,
  panelClassName = 'max-w-sm p-6 pb-8',
  children,
}: ModalFrameProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useModal(true, panelRef, onClose);
  return (
    <div className={`fixed inset-0 flex items-end justify-center sm:items-center sm:p-4 ${onTop ? 'z-[60]' : 'z-50'}`}>
      <div
        className="absolute inset-0 animate-fade-in bg-ink-900/50"
        onClick={onOverlayClick ?? undefined}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative max-h-[94dvh] w-full animate-fade-in overflow-y-auto rounded-t-3xl bg-white shadow-card-hover sm:rounded-3xl ${panelClassName}`}
      >
        {closeButton && (
          <button type="button" onClick={onClose} className={`${btnIcon} absolute right-2 top-2`} aria-label="Cerrar">
            <X className="size-5" aria-hidden="true" />
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
