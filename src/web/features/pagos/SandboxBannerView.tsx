import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from '#web/components/icons';
import { pagoQueries } from './config';

export const SANDBOX_BANNER_TITLE = 'Modo de prueba: los pagos no son reales.';
export const SANDBOX_BANNER_DETAIL = 'Ningún cobro es verdadero: para publicar se usan tarjetas de prueba.';

/**
 * A visible warning whenever the offline sandbox takes the payments (ADR 005): an operator who forgot the
 * Mercado Pago keys, or a visitor of a test copy, must not believe a publication was really paid for.
 * `fromPage`: the provider the page says (SandboxBanner.tsx), null when it does not say.
 */
export default function SandboxBannerView({ fromPage }: { fromPage: string | null }) {
  // Only without the meta tag (development through Vite) does it ask the server, once.
  const config = useQuery({
    ...pagoQueries.config(),
    enabled: fromPage === null,
    staleTime: Infinity,
  });
  const provider = fromPage ?? config.data?.provider;
  if (provider !== 'sandbox') return null;
  return (
    <aside aria-label="Modo de prueba" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-1.5 text-sm lg:px-6">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-bold">{SANDBOX_BANNER_TITLE}</strong>{' '}
          <span className="hidden sm:inline">{SANDBOX_BANNER_DETAIL}</span>
        </span>
      </p>
    </aside>
  );
}
