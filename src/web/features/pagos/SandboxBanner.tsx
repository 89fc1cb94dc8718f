import { lazy, Suspense, useState } from 'react';
import { PAYMENTS_MODE_META } from '#shared/constants';
import { ErrorBoundary } from '#web/components/ErrorBoundary';
import { whenOnline } from '#web/lib/online';
import { useInitialRender } from '#web/lib/render-context';

// The banner's code (its markup, the payments config query) is a chunk of its own: a live site (Mercado Pago)
// never loads it, and a test copy loads it as its pages hydrate (ADR 023). A connection lost just then must not
// replace the page with the error screen: the load waits for the connection, and a failure hides only the banner.
const SandboxBannerView = lazy(whenOnline(() => import('./SandboxBannerView')));

/** The provider the server wrote into the page, or null when the page came from elsewhere (Vite's dev server). */
function providerFromPage(): string | null {
  if (typeof document === 'undefined') return null; // rendering on the server: the render context says
  return document.querySelector<HTMLMetaElement>(`meta[name="${PAYMENTS_MODE_META}"]`)?.content ?? null;
}

/** The test-mode banner (SandboxBannerView.tsx), on every page while the sandbox takes the payments. */
export function SandboxBanner() {
  const rendered = useInitialRender()?.paymentsProvider ?? null;
  const [fromPage] = useState(() => providerFromPage() ?? rendered);
  if (fromPage !== null && fromPage !== 'sandbox') return null;
  return (
    <ErrorBoundary quiet>
      <Suspense fallback={null}>
        <SandboxBannerView fromPage={fromPage} />
      </Suspense>
    </ErrorBoundary>
  );
}
