import { Info } from './icons';
import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/api';
import { btnSecondary } from './buttons';

/** A polite, visible status message (fallback data, copied link…). */
export function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <Info className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-[12rem] flex-1">{children}</p>
      {action && <div className="ml-8 sm:ml-0">{action}</div>}
    </div>
  );
}

/** A read that failed, in the words of its error, with the button that asks again. */
export function RetryNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Notice
      action={
        <button type="button" className={btnSecondary} onClick={onRetry}>
          Reintentar
        </button>
      }
    >
      {errorMessage(error)}
    </Notice>
  );
}
