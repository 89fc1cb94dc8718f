import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';

type ShareState = 'idle' | 'copied' | 'failed';

/** The native share sheet when there is one; otherwise the page link goes to the clipboard ("Enlace copiado"). */
export function ShareButton({ title, className }: { title: string; className: string }) {
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
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="relative flex">
      <button type="button" className={`${className} w-full`} onClick={() => void share()}>
        {state === 'copied' ? <Check className="size-4 shrink-0 text-leaf-700" aria-hidden="true" /> : <Share2 className="size-4 shrink-0" aria-hidden="true" />}
        Compartir
      </button>
      <p role="status" className={`absolute inset-x-0 top-full mt-1 text-center text-xs font-semibold ${state === 'failed' ? 'text-brand-700' : 'text-leaf-700'}`}>
        {state === 'copied' ? 'Enlace copiado' : state === 'failed' ? 'No pudimos copiar el enlace' : ''}
      </p>
    </div>
  );
}
