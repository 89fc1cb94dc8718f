import { Check, Share2 } from '#web/components/icons';
import { useEffect, useState } from 'react';

type ShareState = 'idle' | 'copied' | 'failed';

/** The native share sheet when there is one; otherwise the page link goes to the clipboard ("Enlace copiado"). */
export function ShareButton({
  title,
  className,
  onShared,
}: {
  title: string;
  className: string;
  /** Told when the link was shared or copied (the owner's statistics). */
  onShared?: () => void;
}) {
  const [state, setState] = useState<ShareState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        onShared?.();
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
      onShared?.();
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="relative flex">
      <button type="button" className={`${className} w-full`} onClick={() => void share()}>
        {state === 'copied' ? (
          <Check className="size-4 shrink-0 text-leaf-700" aria-hidden="true" />
        ) : (
          <Share2 className="size-4 shrink-0" aria-hidden="true" />
        )}
        Compartir
      </button>
      {/* A toast above the phone's bottom navigation (which covers the bottom 4.5rem), centred on wider screens. */}
      <p
        role="status"
        className={`share-toast ${state === 'idle' ? 'opacity-0' : state === 'failed' ? 'bg-brand-700' : 'bg-ink-900'}`}
      >
        {state === 'copied' ? 'Enlace copiado' : state === 'failed' ? 'No pudimos copiar el enlace' : ''}
      </p>
    </div>
  );
}
