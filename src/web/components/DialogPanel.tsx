import { TriangleAlert, Info } from './icons';
import { useId } from 'react';
import { btnPrimary, btnSecondary } from './buttons';
import { ModalFrame } from './ModalFrame';

/** One alert or question of DialogsProvider (dialogs.tsx), waiting for its answer. */
export interface DialogRequest {
  kind: 'alert' | 'confirm';
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (ok: boolean) => void;
}

export default function DialogPanel({ request, onClose }: { request: DialogRequest; onClose: (ok: boolean) => void }) {
  const messageId = useId();
  const Icon = request.kind === 'confirm' ? TriangleAlert : Info;
  return (
    <ModalFrame
      role="alertdialog"
      label={request.kind === 'confirm' ? 'Confirmación' : 'Aviso'}
      describedBy={messageId}
      onClose={() => onClose(false)}
      // An alert is dismissed by a click outside; a question waits for an answer.
      onOverlayClick={request.kind === 'alert' ? () => onClose(true) : null}
      closeButton={false}
      onTop
    >
      <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p id={messageId} className="whitespace-pre-line text-base text-ink-900">
        {request.message}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {request.kind === 'confirm' && (
          <button type="button" className={btnSecondary} onClick={() => onClose(false)}>
            {request.cancelLabel}
          </button>
        )}
        <button type="button" className={btnPrimary} onClick={() => onClose(true)} data-autofocus>
          {request.confirmLabel}
        </button>
      </div>
    </ModalFrame>
  );
}
